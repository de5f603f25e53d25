package io.spinneret.cli;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.settings.Settings;
import io.spinneret.spi.InlineFetches;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.util.List;
import java.util.Locale;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.VarSnippet;
import org.jspecify.annotations.Nullable;

/**
 * One {@code spinneret shell} session: a JShell ({@code jdk.jshell}) that runs in this JVM, with
 * {@link ShellApi} statically imported and {@code response} bound to the current page. Java is
 * read a complete snippet at a time (several lines when a statement goes on), evaluated, and its
 * value or error printed as {@code jshell} prints them. {@code /exit} or the end of the input
 * ends it. Used by one thread.
 */
final class Shell implements AutoCloseable {
    private static final List<String> STARTUP = List.of(
            "import io.spinneret.api.*;",
            "import org.jsoup.nodes.*;",
            "import org.jsoup.select.*;",
            "import java.util.*;",
            "import static io.spinneret.cli.ShellApi.*;");

    /** The prompt of a snippet's further lines. */
    static final String CONTINUATION = "   ...> ";

    private final PageSession session;
    private final PrintStream out;
    private final JShell jshell;
    private @Nullable Response response;
    /** Bumped by each fetch, so that the {@code response} variable is re-bound after the snippet that fetched. */
    private int fetches;

    private int bound = -1;

    Shell(PageSession session, PrintStream out) {
        this.session = session;
        this.out = out;
        // "local": snippets run in this JVM, so they reach the session (ShellApi) and its open fetcher
        this.jshell =
                JShell.builder().executionEngine("local").out(out).err(out).build();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) jshell.addToClasspath(entry);
        }
        ShellApi.bind(this);
        for (String s : STARTUP) evalQuietly(s);
    }

    // ---- what ShellApi reaches

    boolean hasResponse() {
        return response != null;
    }

    Response response() {
        Response r = response;
        if (r == null) throw new SpinneretException("no page yet: fetch(\"URL\") first");
        return r;
    }

    PrintStream out() {
        return out;
    }

    SpiderDefinition spider() {
        SpiderDefinition s = session.spider;
        if (s == null)
            throw new SpinneretException("no spider in this shell: start it with --spider NAME to run callbacks");
        return s;
    }

    /** The settings a crawl of the spider would run with. */
    Settings settings() {
        return session.settings;
    }

    List<ItemSchema<?>> items() {
        return session.catalog.items();
    }

    Request request(String url) {
        return session.request(url, Request.DEFAULT_CALLBACK);
    }

    /** What the callbacks run by {@code parse(...)} fetch inline with: the session's chain, the current page unchanged. */
    InlineFetches inlineFetches() {
        return session.pages.inline();
    }

    Response fetch(Request request) throws InterruptedException {
        Response r = session.pages.fetch(request);
        response = r;
        fetches++;
        out.println("[" + FetchCommand.statusLine(r) + ", " + r.body().length + " bytes]");
        return r;
    }

    // ---- the loop

    /** Where the shell's lines come from: a pipe or a file, or a terminal's line editor. */
    interface Lines {
        /** The next line, after {@code prompt}; null at the end of the input. */
        @Nullable
        String read(String prompt) throws IOException;
    }

    /**
     * Reads and runs snippets until {@code /exit} or the end of {@code in}.
     *
     * @param prompt printed before each snippet (empty for none, e.g. input from a pipe)
     */
    void run(Reader in, String prompt) throws IOException {
        BufferedReader lines = new BufferedReader(in);
        run(
                p -> {
                    out.print(p);
                    out.flush();
                    return lines.readLine();
                },
                prompt);
    }

    /** Reads and runs snippets from {@code lines} until {@code /exit} or the end of its input. */
    void run(Lines lines, String prompt) throws IOException {
        StringBuilder pending = new StringBuilder();
        while (true) {
            String line = lines.read(pending.isEmpty() ? prompt : prompt.isEmpty() ? "" : CONTINUATION);
            if (line == null) break;
            if (pending.isEmpty() && line.strip().equals("/exit")) break;
            if (pending.isEmpty() && line.isBlank()) continue;
            pending.append(line).append('\n');
            String source = pending.toString();
            while (!source.isBlank()) {
                SourceCodeAnalysis.CompletionInfo info =
                        jshell.sourceCodeAnalysis().analyzeCompletion(source);
                if (info.completeness() == SourceCodeAnalysis.Completeness.DEFINITELY_INCOMPLETE) break;
                eval(
                        info.completeness() == SourceCodeAnalysis.Completeness.EMPTY
                                ? ""
                                : info.source() != null ? info.source() : source);
                source = info.remaining();
            }
            pending.setLength(0);
            pending.append(source.isBlank() ? "" : source);
        }
    }

    /** A completion of the text before the cursor: what replaces it from {@code anchor} on. */
    record Completion(int anchor, String continuation) {}

    /**
     * JShell's completions of {@code line} at {@code cursor} (names, members, methods with their
     * opening parenthesis); when some fit the type expected there, only those, as {@code jshell}
     * itself offers them. Empty when there is none.
     */
    List<Completion> completions(String line, int cursor) {
        rebindResponse(); // a page fetched before any snippet ran (the shell's URL) is bound now
        int[] anchor = new int[1];
        List<SourceCodeAnalysis.Suggestion> all =
                jshell.sourceCodeAnalysis().completionSuggestions(line, cursor, anchor);
        boolean anyMatch = all.stream().anyMatch(SourceCodeAnalysis.Suggestion::matchesType);
        return all.stream()
                .filter(x -> !anyMatch || x.matchesType())
                .map(x -> new Completion(anchor[0], x.continuation()))
                .distinct()
                .toList();
    }

    /** Evaluates one snippet and prints its value, its exception or its compile errors. */
    void eval(String source) {
        if (source.isBlank()) return;
        for (SnippetEvent e : jshell.eval(source)) {
            if (e.causeSnippet() != null) continue;
            if (e.exception() != null) {
                Throwable t = e.exception();
                String message = t instanceof EvalException ee
                        ? ee.getExceptionClassName() + ": " + ee.getMessage()
                        : t.toString();
                out.println("|  " + message);
            } else if (e.status() == Snippet.Status.REJECTED) {
                jshell.diagnostics(e.snippet()).forEach(d -> out.println("|  error: " + message(d)));
            } else if (e.value() != null && e.snippet().kind() != Snippet.Kind.IMPORT) {
                String name = e.snippet() instanceof VarSnippet v ? v.name() : "";
                out.println((name.isEmpty() ? "" : name + " ==> ") + e.value());
            }
        }
        rebindResponse();
        out.flush();
    }

    private static String message(Diag d) {
        return d.getMessage(Locale.ROOT).lines().findFirst().orElse("");
    }

    private void rebindResponse() {
        if (bound == fetches || response == null) return;
        bound = fetches;
        evalQuietly("Response response = io.spinneret.cli.ShellApi.response();");
    }

    private void evalQuietly(String source) {
        for (SnippetEvent e : jshell.eval(source)) {
            if (e.status() == Snippet.Status.REJECTED) {
                throw new SpinneretException("the shell cannot start: "
                        + jshell.diagnostics(e.snippet())
                                .map(Shell::message)
                                .findFirst()
                                .orElse(source));
            }
        }
    }

    /** For tests: the value of an expression, as the shell would print it. */
    @Nullable
    String value(String expression) {
        for (SnippetEvent e : jshell.eval(expression)) {
            if (e.causeSnippet() == null) return e.value();
        }
        return null;
    }

    @Override
    public void close() {
        ShellApi.bind(null);
        jshell.close();
    }
}
