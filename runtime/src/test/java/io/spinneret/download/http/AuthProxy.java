package io.spinneret.download.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A forward proxy for tests that asks for Basic credentials, on raw sockets: absolute-form
 * requests ({@code GET http://host/path}) are passed on to the origin with the request line in
 * origin form, {@code CONNECT host:port} opens a tunnel; without the expected
 * {@code Proxy-Authorization} it answers 407. One exchange per connection. Records the
 * {@code Proxy-Authorization} value (or "none") and the request line of every request it got.
 */
final class AuthProxy implements AutoCloseable {
    private final ServerSocket server;
    private final String expected;
    private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
    final List<String> authorizations = new CopyOnWriteArrayList<>();
    final List<String> requestLines = new CopyOnWriteArrayList<>();

    /** @param expected the {@code Proxy-Authorization} value that lets a request through */
    AuthProxy(String expected) throws IOException {
        this.expected = expected;
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        pool.submit(this::accept);
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                pool.submit(() -> serve(s));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            String head = readHead(in);
            String[] lines = head.split("\r\n");
            requestLines.add(lines[0]);
            String auth = "none";
            StringBuilder forwarded = new StringBuilder();
            for (int i = 1; i < lines.length; i++) {
                if (lines[i].regionMatches(true, 0, "Proxy-Authorization:", 0, 20))
                    auth = lines[i].substring(20).trim();
                else if (!lines[i].regionMatches(true, 0, "Connection:", 0, 11))
                    forwarded.append(lines[i]).append("\r\n");
            }
            authorizations.add(auth);
            OutputStream out = client.getOutputStream();
            if (!auth.equals(expected)) {
                out.write(("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\n"
                                + "Content-Length: 0\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                return;
            }
            String[] request = lines[0].split(" ");
            if (request[0].equals("CONNECT")) {
                String[] hostPort = request[1].split(":");
                try (Socket origin = new Socket(hostPort[0], Integer.parseInt(hostPort[1]))) {
                    out.write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    pipe(client, origin);
                }
                return;
            }
            URI target = URI.create(request[1]);
            try (Socket origin = new Socket(target.getHost(), target.getPort())) {
                String path = target.getRawPath() + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery());
                String line =
                        request[0] + " " + path + " " + request[2] + "\r\n" + forwarded + "Connection: close\r\n\r\n";
                origin.getOutputStream().write(line.getBytes(StandardCharsets.ISO_8859_1));
                origin.getInputStream().transferTo(out); // the origin closes after its answer
            }
        } catch (IOException | RuntimeException e) {
            // a test proxy: the client sees the connection drop
        }
    }

    /** Copies both ways until either side closes. */
    private void pipe(Socket client, Socket origin) throws IOException {
        var up = pool.submit(() -> {
            try {
                client.getInputStream().transferTo(origin.getOutputStream());
            } catch (IOException ignored) {
                // closed
            }
            return null;
        });
        try {
            origin.getInputStream().transferTo(client.getOutputStream());
        } finally {
            up.cancel(true);
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int c = in.read();
            if (c < 0) throw new IOException("closed in the head");
            b.write(c);
            matched = (c == "\r\n\r\n".charAt(matched)) ? matched + 1 : (c == '\r' ? 1 : 0);
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        server.close();
        pool.shutdownNow();
    }
}
