package io.spinneret.testreport;

import java.util.List;

/** One module's suites from this build; {@code hasTests} if the module has test sources at all. */
record ModuleResults(String module, boolean hasTests, List<SuiteResult> suites) {
    List<TestFailure> failures() {
        return suites.stream().flatMap(s -> s.failures().stream()).toList();
    }

    int passed() {
        return suites.stream()
                .mapToInt(s -> s.tests() - s.failures().size() - s.skipped())
                .sum();
    }

    int skipped() {
        return suites.stream().mapToInt(SuiteResult::skipped).sum();
    }
}
