import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.zip.GZIPOutputStream;

/**
 * A server of hostile bodies for the memory benchmark of docs/downloading.md, run as a source file:
 * {@code java examples/bench/HostileServer.java [port]}. Every path answers 200 with a body no
 * crawler should keep, chosen by the path's first segment:
 * <ul>
 *   <li>{@code /endless/...}: chunked, without end, until the client hangs up;</li>
 *   <li>{@code /bomb/...}: 256 KiB of gzip that decompresses to 256 MiB;</li>
 *   <li>{@code /huge/...}: a {@code Content-Length} of 1 GiB, then bytes until the client hangs up.</li>
 * </ul>
 * It prints {@code http://127.0.0.1:<port>/} when it listens and serves until killed.
 */
public final class HostileServer {
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        byte[] bomb = gzipOfZeros(256 << 20);
        byte[] chunk = new byte[64 * 1024];
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 256);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", ex -> {
            try (ex) {
                String path = ex.getRequestURI().getPath();
                ex.getResponseHeaders().set("Content-Type", "text/html");
                if (path.startsWith("/bomb/")) {
                    ex.getResponseHeaders().set("Content-Encoding", "gzip");
                    ex.sendResponseHeaders(200, bomb.length);
                    ex.getResponseBody().write(bomb);
                } else {
                    ex.sendResponseHeaders(200, path.startsWith("/huge/") ? 1L << 30 : 0);
                    endless(ex, chunk);
                }
            } catch (IOException hungUp) {
                // the crawler refused the body, as it should
            }
        });
        server.start();
        System.out.println("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    private static void endless(HttpExchange ex, byte[] chunk) throws IOException {
        OutputStream out = ex.getResponseBody();
        for (long sent = 0; sent < 1L << 30; sent += chunk.length) out.write(chunk); // bounded: 1 GiB
    }

    private static byte[] gzipOfZeros(int size) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(buf, 1 << 16)) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < size / zeros.length; i++) gz.write(zeros);
        }
        return buf.toByteArray();
    }
}
