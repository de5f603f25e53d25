package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The fast path for {@code run} must read a command line exactly as picocli does, or leave it to picocli. */
class QuickRunParserTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "run books",
                "run books -o out.csv -c 16 -n 20",
                "run books --output=out.jsonl --concurrency=064 --max-items 7",
                "run -c 4 books --delay 0.5",
                "run books --delay=1.5 -s start_urls=http://127.0.0.1:1/ -s download_delay=0 --set retry_times=0",
                "run books --set=a=b=c",
                "run books --resume --redis redis://127.0.0.1:6379/0",
                "run books --recrawl -o changes.jsonl",
                "run books --settings conf/settings.toml --spiders ./spiders --log-level warn",
                "run books --log-level=DEBUG --spiders=target/spiders --settings=s.toml --redis=redis://h/1",
                "run quotes -o postgresql://postgres@127.0.0.1:5432/test",
            })
    void readsTheCommonCommandLinesAsPicocliDoes(String line) {
        String[] args = line.split(" ");
        RunCommand quick = QuickRunParser.parse(args);
        assertNotNull(quick, line);
        assertEquals(fields(picocli(args)), fields(quick), line);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "run",
                "list",
                "run --help",
                "run books -h",
                "run books --version",
                "run books -V",
                "run books --print-settings",
                "run books -c16",
                "run books -c=16",
                "run books -c -1",
                "run books -c 1e3",
                "run books -n",
                "run books -o",
                "run books --nope",
                "run books extra",
                "run @args.txt",
                "run books -s @file",
                "run books -o -x",
                "run -c 4",
                "run books -n 12345678901",
            })
    void leavesEverythingElseToPicocli(String line) {
        assertNull(QuickRunParser.parse(line.split(" ")), line);
    }

    @Test
    void knowsEveryOptionOfRun() {
        CommandLine run = new CommandLine(new Cli()).getSubcommands().get("run");
        Set<String> picocli = new HashSet<>();
        for (OptionSpec o : run.getCommandSpec().options()) picocli.addAll(List.of(o.names()));
        Set<String> quick = new HashSet<>(QuickRunParser.VALUED);
        quick.addAll(QuickRunParser.FLAGS);
        quick.addAll(QuickRunParser.LEFT_TO_PICOCLI);
        assertEquals(
                picocli, quick, "an option added to RunCommand must be added to QuickRunParser (or left to picocli)");
        for (OptionSpec o : run.getCommandSpec().options()) {
            boolean flag = o.arity().max() == 0;
            for (String n : o.names()) {
                if (QuickRunParser.LEFT_TO_PICOCLI.contains(n)) continue;
                assertEquals(
                        flag, QuickRunParser.FLAGS.contains(n), n + " takes a value in one parser and not the other");
            }
        }
    }

    private static RunCommand picocli(String[] args) {
        CommandLine cl = new CommandLine(new Cli());
        CommandLine.ParseResult r = cl.parseArgs(args);
        return (RunCommand) r.subcommand().commandSpec().userObject();
    }

    private static List<Object> fields(RunCommand c) {
        return Arrays.asList(
                c.spiderName,
                c.maxItems,
                c.outputs,
                c.concurrency,
                c.delay,
                c.common.sets,
                c.resume,
                c.recrawl,
                c.redis,
                c.printSettings,
                c.common.settingsFile,
                c.common.spidersDir,
                c.common.logLevel);
    }
}
