package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays every kept input of {@link ResponseParserFuzzTest} (its seeds and each input the fuzzer
 * once crashed the parser with) through the same target, in the ordinary build and without
 * Jazzer's agent: a parser change that brings a crash back fails here.
 */
class ResponseParserRegressionTest {
    static final Path INPUTS =
            Path.of("src/test/resources/io/spinneret/download/http/ResponseParserFuzzTestInputs/parse");
    private static final ResponseParserFuzzTest TARGET = new ResponseParserFuzzTest();

    static Stream<Path> inputs() throws IOException {
        try (Stream<Path> files = Files.list(INPUTS)) {
            return files.sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void keptInputParsesOrFailsWithAnIOException(Path input) throws IOException {
        assertFalse(Files.size(input) > 1 << 20, "kept inputs are small");
        TARGET.parse(Files.readAllBytes(input));
    }

    @AfterAll
    static void stop() {
        ResponseParserFuzzTest.stopWatchdog();
    }
}
