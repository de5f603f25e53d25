package io.spinneret.recrawl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HttpDateTest {
    private static final DateTimeFormatter IMF =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);

    @Test
    void theHandWrittenFormAgreesWithJavaTimeBothWays() {
        SplittableRandom random = new SplittableRandom(35);
        for (int i = 0; i < 20_000; i++) {
            long t = random.nextLong(0, 4_102_444_800L); // 1970 to 2100
            String javaTime = IMF.format(Instant.ofEpochSecond(t).atOffset(ZoneOffset.UTC));
            assertEquals(javaTime, HttpDate.format(t));
            assertEquals(t, HttpDate.epochSeconds(javaTime), javaTime);
        }
    }

    @Test
    void otherFormsOfRfc1123AreReadTooAndGarbageIsZero() {
        assertEquals(784_111_777L, HttpDate.epochSeconds("Sun, 06 Nov 1994 08:49:37 GMT"));
        assertEquals(784_111_777L, HttpDate.epochSeconds("  Sun, 6 Nov 1994 08:49:37 GMT "));
        assertEquals(784_108_177L, HttpDate.epochSeconds("Sun, 06 Nov 1994 08:49:37 +0100"));
        assertEquals(0, HttpDate.epochSeconds("Sun, 06 Nov 1994 25:49:37 GMT"));
        assertEquals(0, HttpDate.epochSeconds("yesterday"));
        assertEquals(0, HttpDate.epochSeconds(null));
    }
}
