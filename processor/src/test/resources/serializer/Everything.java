package test.serializer;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Key;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One component of every supported kind. */
@Item(table = "all_types")
public record Everything(
        @Key String id,
        char letter,
        Character boxedLetter,
        Genre genre,
        byte tiny,
        short small,
        int count,
        long big,
        Integer boxedInt,
        Long boxedLong,
        float ratio,
        Float boxedRatio,
        double price,
        Double boxedPrice,
        BigDecimal money,
        BigInteger huge,
        boolean flag,
        Boolean boxedFlag,
        Instant seen,
        OffsetDateTime offset,
        ZonedDateTime zoned,
        LocalDateTime local,
        LocalDate day,
        List<String> tags,
        Set<Integer> numbers,
        Map<String, Double> scores,
        Address address,
        List<Address> history,
        Map<String, List<String>> groups) {

    public enum Genre { FICTION, POETRY }

    public record Address(String street, Genre kind, List<Integer> floors) {}
}
