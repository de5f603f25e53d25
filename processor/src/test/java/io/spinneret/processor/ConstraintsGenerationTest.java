package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.testing.compile.Compilation;
import io.spinneret.internal.ItemSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The generated {@code violation} method, run on records that break one constraint each. */
class ConstraintsGenerationTest {
    static GeneratedClassLoader loader;
    static ItemSchema<Object> schema;

    /** A product that keeps every constraint; each test breaks one component of it. */
    static final Object[] VALID = {
        "sku-1", "Title", "https://x/", 9.5, 3, 4, "gbp", List.of("a"), "c", new BigDecimal("1.0"), -1L, 0L
    };

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void compile() throws ReflectiveOperationException {
        Compilation c = Compilations.compile("constraints/Product.java");
        assertThat(c).succeededWithoutWarnings();
        loader = new GeneratedClassLoader(c);
        schema = (ItemSchema<Object>) loader.load("test.constraints.Product_Serializer")
                .getField("INSTANCE")
                .get(null);
    }

    /** The violation of VALID with component {@code index} set to {@code value}. */
    static String with(int index, Object value) {
        Object[] args = Arrays.copyOf(VALID, VALID.length);
        args[index] = value;
        return schema.violation(Records.create(loader.load("test.constraints.Product"), args));
    }

    @Test
    void aProductKeepingEveryConstraintIsValid() {
        assertNull(schema.violation(Records.create(loader.load("test.constraints.Product"), VALID)));
    }

    @Test
    void aNullKeyIsTheFirstViolation() {
        assertEquals("sku @NotNull (key)", with(0, null));
    }

    @Test
    void notBlankRejectsNullEmptyAndWhitespace() {
        assertEquals("title @NotBlank", with(1, null));
        assertEquals("title @NotBlank", with(1, ""));
        assertEquals("title @NotBlank", with(1, " \t"));
        assertNull(with(1, " x "));
    }

    @Test
    void notNullRejectsNull() {
        assertEquals("url @NotNull", with(2, null));
    }

    @Test
    void positiveRejectsZeroNegativeAndNaN() {
        assertEquals("price @Positive", with(3, 0.0));
        assertEquals("price @Positive", with(3, -1.0));
        assertEquals("price @Positive", with(3, Double.NaN));
        assertNull(with(3, 0.01));
    }

    @Test
    void positiveOrZeroAcceptsZeroAndNullBoxes() {
        assertNull(with(4, 0));
        assertNull(with(4, null)); // as in Jakarta Validation, only @NotNull rejects null
        assertEquals("stock @PositiveOrZero", with(4, -1));
    }

    @Test
    void minAndMaxAreInclusive() {
        assertEquals("rating @Min", with(5, 0));
        assertNull(with(5, 1));
        assertNull(with(5, 5));
        assertEquals("rating @Max", with(5, 6));
    }

    @Test
    void patternMatchesTheWholeStringWithItsFlags() {
        assertNull(with(6, "EUR"));
        assertNull(with(6, "eur")); // CASE_INSENSITIVE
        assertEquals("currency @Pattern", with(6, "EURO"));
        assertEquals("currency @Pattern", with(6, "E1R"));
    }

    @Test
    void sizeBoundsTheNumberOfElements() {
        assertEquals("tags @Size", with(7, List.of()));
        assertEquals("tags @Size", with(7, new ArrayList<>(List.of("a", "b", "c", "d"))));
        assertNull(with(7, List.of("a", "b", "c")));
    }

    @Test
    void notEmptyRejectsEmptyButNotBlank() {
        assertEquals("code @NotEmpty", with(8, ""));
        assertNull(with(8, " "));
    }

    @Test
    void decimalBoundsCompareExactlyAndHonourInclusive() {
        assertEquals("weight @DecimalMin", with(9, new BigDecimal("0.5")));
        assertNull(with(9, new BigDecimal("0.50001")));
        assertNull(with(9, new BigDecimal("100.000")));
        assertEquals("weight @DecimalMax", with(9, new BigDecimal("100.001")));
    }

    @Test
    void negativeAndNegativeOrZero() {
        assertEquals("offset @Negative", with(10, 0L));
        assertEquals("delta @NegativeOrZero", with(11, 1L));
        assertNull(with(11, 0L));
    }
}
