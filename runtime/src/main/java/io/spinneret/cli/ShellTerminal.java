package io.spinneret.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jline.reader.Candidate;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jspecify.annotations.Nullable;

/**
 * The shell's line editor when it runs in a terminal, from JLine: the usual editing keys, Tab for
 * JShell's completions ({@code response.cs<Tab>} offers {@code css(}), and a history kept across
 * runs in {@code $XDG_STATE_HOME/spinneret/shell_history} (else
 * {@code ~/.local/state/spinneret/shell_history}). Ctrl-C drops the line being typed, Ctrl-D
 * leaves. Lines are handed over as typed: no history expansion ({@code !} is Java's), no quote or
 * escape handling (JShell reads the Java).
 */
final class ShellTerminal implements AutoCloseable {
    private final Terminal terminal;
    private final LineReader reader;

    private ShellTerminal(Terminal terminal, Shell shell, @Nullable Path history) {
        this.terminal = terminal;
        LineReaderBuilder b = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("spinneret")
                .parser(parser())
                .completer((r, line, candidates) -> candidates.addAll(candidates(shell, line)))
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.AUTO_FRESH_LINE, true);
        if (history != null) b.variable(LineReader.HISTORY_FILE, history);
        this.reader = b.build();
    }

    /** The terminal the shell runs in, or null when standard input or output is no terminal (a pipe, a file). */
    static @Nullable ShellTerminal open(Shell shell) {
        Terminal t;
        try {
            t = TerminalBuilder.builder().system(true).dumb(true).build(); // a dumb one when there is no terminal
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (Terminal.TYPE_DUMB.equals(t.getType()) || Terminal.TYPE_DUMB_COLOR.equals(t.getType())) {
            close(t);
            return null;
        }
        // a terminal that tells no size (a pseudo-terminal nobody sized, a serial line) would get prompts cut to
        // nothing
        if (t.getWidth() <= 0 || t.getHeight() <= 0) t.setSize(new Size(80, 24));
        return new ShellTerminal(t, shell, historyFile());
    }

    /** On a given terminal, for tests; {@code history} null for none. */
    static ShellTerminal on(Terminal terminal, Shell shell, @Nullable Path history) {
        return new ShellTerminal(terminal, shell, history);
    }

    /** Words split at blanks only: quotes and backslashes are the Java's, for JShell to read. */
    static DefaultParser parser() {
        DefaultParser parser = new DefaultParser();
        parser.setEscapeChars(new char[0]);
        parser.setQuoteChars(new char[0]);
        parser.setEofOnUnclosedQuote(false);
        return parser;
    }

    /** The next line typed, or null when the user left (Ctrl-D); Ctrl-C gives an empty line. */
    @Nullable
    String read(String prompt) {
        try {
            return reader.readLine(prompt);
        } catch (UserInterruptException e) {
            return "";
        } catch (EndOfFileException e) {
            return null;
        }
    }

    /** JShell's completions of the line at the cursor, as replacements of the word JLine completes. */
    static List<Candidate> candidates(Shell shell, ParsedLine line) {
        int wordStart = line.cursor() - line.wordCursor();
        String text = line.line();
        return shell.completions(text, line.cursor()).stream()
                .filter(c -> c.anchor() >= wordStart && c.anchor() <= line.cursor())
                .map(c -> {
                    String value = text.substring(wordStart, c.anchor()) + c.continuation();
                    // no space after "css(" or "response.": the user goes on typing
                    return new Candidate(value, c.continuation(), null, null, null, null, false);
                })
                .toList();
    }

    private static @Nullable Path historyFile() {
        String state = System.getenv("XDG_STATE_HOME");
        if (state != null && !state.isBlank()) return Path.of(state, "spinneret", "shell_history");
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? null : Path.of(home, ".local", "state", "spinneret", "shell_history");
    }

    @Override
    public void close() {
        try {
            reader.getHistory().save();
        } catch (IOException | RuntimeException e) {
            // the history is a convenience: a read-only home costs nothing else
        }
        close(terminal);
    }

    private static void close(Terminal t) {
        try {
            t.close();
        } catch (IOException ignored) {
            // closing a terminal we are done with
        }
    }
}
