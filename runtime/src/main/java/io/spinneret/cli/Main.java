package io.spinneret.cli;

import io.spinneret.api.SpinneretException;
import io.spinneret.settings.InvalidSettingException;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code spinneret} command line: {@code java -jar runtime.jar list | run <spider>}.
 *
 * <p>Exit codes: 0 success, 1 the crawl finished with failures (or storage failed), 2 a usage or
 * configuration error, 130 interrupted. Errors are one line on stderr; {@code --log-level debug}
 * adds the stack trace.
 */
@Command(name = "spinneret", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {ListCommand.class, RunCommand.class, CommandLine.HelpCommand.class},
        description = "A compile-time-checked web crawler. Spiders come from the class path and the spiders directory.")
public final class Main implements Runnable {
    /** The version printed by {@code --version}. */
    public static final String VERSION = "0.1.0";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        Logging.configure(Logging.levelFrom(args));
        int code = execute(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /** Runs the command line with these streams and returns the exit code (for tests and embedding). */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            int code = ex instanceof UsageException || ex instanceof InvalidSettingException ? 2 : 1;
            String msg = ex instanceof SpinneretException ? ex.getMessage() : ex.toString();
            err.println("error: " + msg);
            if (Logging.debug()) ex.printStackTrace(err);
            return code;
        });
        cl.setParameterExceptionHandler((ex, args1) -> {
            CommandLine c = ex.getCommandLine();
            err.println("error: " + ex.getMessage());
            if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, err)) {
                err.println("Run '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
            }
            return 2;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"spinneret " + VERSION + " (Java " + Runtime.version() + ")"};
        }
    }
}
