package io.spinneret.download.http;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP/1.1 server on a raw {@link ServerSocket} for the wire-level cases
 * com.sun.net.httpserver cannot produce: each accepted connection runs {@link Handler} on a
 * virtual thread, which reads requests with {@link #readRequest} and writes bytes as it likes.
 */
final class RawServer implements AutoCloseable {
    /** One request as received: request line, head (lower-cased names), body. */
    record Req(String line, String head, byte[] body) {
        String path() {
            return line.split(" ")[1];
        }

        String method() {
            return line.split(" ")[0];
        }
    }

    interface Handler {
        /** Serves one connection; {@code n} counts connections from 1. Returning closes it. */
        void serve(InputStream in, OutputStream out, int n) throws IOException, InterruptedException;
    }

    private final ServerSocket server;
    final AtomicInteger connections = new AtomicInteger();
    final List<Req> requests = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    RawServer(Handler handler) throws IOException {
        server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                Socket s;
                try {
                    s = server.accept();
                } catch (IOException closed) {
                    return;
                }
                int n = connections.incrementAndGet();
                Thread.ofVirtual().start(() -> {
                    try (s) {
                        handler.serve(new BufferedInputStream(s.getInputStream()), s.getOutputStream(), n);
                    } catch (IOException | InterruptedException ignored) {
                        // the client hung up, or the test is over
                    }
                });
            }
        });
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    /** The next request on a connection, or null once the client closed it. */
    Req readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int state = 0;
        for (int b; state < 4; ) {
            b = in.read();
            if (b < 0) return null;
            head.write(b);
            state = (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3))
                    ? state + 1
                    : 0;
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String l : text.split("\r\n")) {
            if (l.toLowerCase(Locale.ROOT).startsWith("content-length:"))
                length = Integer.parseInt(l.substring(15).trim());
        }
        Req r = new Req(text.substring(0, text.indexOf("\r\n")), text, in.readNBytes(length));
        requests.add(r);
        return r;
    }

    static void write(OutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    @Override
    public void close() throws IOException {
        server.close();
        acceptor.interrupt();
    }
}
