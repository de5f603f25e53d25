package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import org.junit.jupiter.api.Test;

class KnownFingerprintsTest {
    private static Fingerprint fp(String path) {
        return Request.of("https://a.example/" + path).fingerprint();
    }

    @Test
    void knowsWhatItWasGivenUntilForgotten() {
        KnownFingerprints known = new KnownFingerprints();
        assertFalse(known.contains(fp("a")));
        known.add(fp("a"));
        assertTrue(known.contains(fp("a")));
        assertFalse(known.contains(fp("b")));
        known.forget(fp("a"));
        assertFalse(known.contains(fp("a")));
    }

    @Test
    void aFullTableForgetsOlderFingerprintsAndNeverClaimsOneItWasNotGiven() {
        KnownFingerprints known = new KnownFingerprints();
        int given = KnownFingerprints.SLOTS * 2;
        for (int i = 0; i < given; i++) known.add(fp("given/" + i));
        int kept = 0;
        for (int i = 0; i < given; i++) if (known.contains(fp("given/" + i))) kept++;
        assertTrue(kept > KnownFingerprints.SLOTS / 2 && kept <= KnownFingerprints.SLOTS, "kept " + kept);
        int claimed = 0;
        for (int i = 0; i < 100_000; i++) if (known.contains(fp("never/" + i))) claimed++;
        assertEquals(0, claimed);
    }

    @Test
    void forgettingAnotherFingerprintOfTheSameSlotKeepsTheOneThere() {
        KnownFingerprints known = new KnownFingerprints();
        Fingerprint kept = new Fingerprint(5, 1),
                other = new Fingerprint(5L + ((long) KnownFingerprints.SLOTS << 32), 2);
        known.add(kept);
        known.forget(other);
        assertTrue(known.contains(kept));
    }
}
