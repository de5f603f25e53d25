package io.spinneret.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import io.spinneret.embed.Crawler;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * No package of the runtime depends, directly or through others, on a package that depends on it.
 * Every package is its own slice, subpackages included: {@code io.spinneret.scheduler} and
 * {@code io.spinneret.scheduler.sqlite} must not depend on each other both ways either. The
 * extension interfaces live in {@code io.spinneret.spi} so that the built-in implementations and
 * the factories that pick one can both depend on them.
 */
class PackageCyclesTest {
    /** The runtime's main classes: the folder or jar {@link Crawler} was loaded from. */
    private static final JavaClasses RUNTIME = new ClassFileImporter()
            .importLocations(Set.of(Location.of(
                    Crawler.class.getProtectionDomain().getCodeSource().getLocation())));

    @Test
    void noPackageCycles() {
        slices().matching("io.spinneret.(**)").should().beFreeOfCycles().check(RUNTIME);
    }

    @Test
    void theRuntimeWasImported() {
        // a test that checked no classes would pass whatever the packages do
        if (RUNTIME.stream().noneMatch(c -> c.isEquivalentTo(Crawler.class))
                || RUNTIME.stream().noneMatch(c -> c.getPackageName().equals("io.spinneret.spi"))) {
            throw new AssertionError("the runtime's classes were not imported: " + RUNTIME.size() + " classes");
        }
    }
}
