package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LauncherTest {
    @Test
    void hugePagesAreAskedForOnlyWhenTheKernelGivesThemOnRequest() {
        assertTrue(Launcher.hugePagesOnRequest("always [madvise] never\n"));
        assertFalse(Launcher.hugePagesOnRequest("[always] madvise never\n"), "every mapping gets them already");
        assertFalse(Launcher.hugePagesOnRequest("always madvise [never]\n"), "the JVM would warn that it cannot have them");
        assertFalse(Launcher.hugePagesOnRequest(null), "no such setting: not Linux, or a kernel without THP");
    }
}
