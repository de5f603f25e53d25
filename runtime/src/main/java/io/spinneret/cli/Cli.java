package io.spinneret.cli;

import io.spinneret.api.SpiderArgumentException;
import io.spinneret.api.SpinneretException;
import io.spinneret.settings.InvalidSettingException;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The picocli root command behind {@link Main}. */
@Command(
        name = "spinneret",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        subcommands = {
            ListCommand.class,
            RunCommand.class,
            StatusCommand.class,
            FetchCommand.class,
            ParseCommand.class,
            ShellCommand.class,
            GenspiderCommand.class,
            ServeCommand.class,
            CommandLine.HelpCommand.class
        },
        description = "A compile-time-checked web crawler. Spiders come from the class path and the spiders directory.")
final class Cli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;
    /** The stream under the commands' {@code PrintWriter}, for bytes that must not be re-encoded (a fetched body). */
    private final PrintStream rawOut;

    private Cli(PrintStream rawOut) {
        this.rawOut = rawOut;
    }

    Cli() {
        this(System.out);
    }

    /** The standard output as bytes, for the command of {@code spec}. */
    static PrintStream rawOut(CommandLine.Model.CommandSpec spec) {
        return spec.root().userObject() instanceof Cli cli ? cli.rawOut : System.out;
    }

    static int execute(String[] args, PrintStream out, PrintStream err) {
        PrintWriter outWriter = new PrintWriter(out, true), errWriter = new PrintWriter(err, true);
        // the common 'run' command lines skip picocli's start-up (see QuickRunParser)
        RunCommand quick = QuickRunParser.parse(args);
        if (quick != null) {
            try {
                return quick.crawl(outWriter, errWriter);
            } catch (Exception e) {
                return failed(e, err);
            }
        }
        CommandLine cl = new CommandLine(new Cli(out));
        cl.setOut(outWriter);
        cl.setErr(errWriter);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failed(ex, err));
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

    /** Reports a command's exception as one line (plus the stack trace at debug level) and picks the exit code. */
    private static int failed(Exception ex, PrintStream err) {
        int code = ex instanceof UsageException
                        || ex instanceof InvalidSettingException
                        || ex instanceof SpiderArgumentException
                ? 2
                : 1;
        String msg = ex instanceof SpinneretException ? ex.getMessage() : ex.toString();
        err.println("error: " + msg);
        if (Logging.debug()) ex.printStackTrace(err);
        return code;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"spinneret " + Main.VERSION + " (Java " + Runtime.version() + ")"};
        }
    }
}
