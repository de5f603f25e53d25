package io.spinneret.download.http;

import java.io.IOException;
import java.net.Socket;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * TLS for the socket path's {@code https://} connections (through a proxy's tunnel, or direct when
 * {@code network_boundary} is on): the JVM's default trust store, server name indication, and
 * the same host name verification as java.net.http ({@code HTTPS} endpoint identification). HTTP/1.1
 * only; ALPN is not offered.
 */
final class Tls {
    private Tls() {}

    /**
     * Layers TLS on the connected socket {@code s} and completes the handshake within
     * {@code timeoutMs}; closing the returned socket closes {@code s}.
     */
    static SSLSocket handshake(Socket s, String host, int port, int timeoutMs) throws IOException {
        SSLSocket tls =
                (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault()).createSocket(s, host, port, true);
        SSLParameters p = tls.getSSLParameters();
        p.setEndpointIdentificationAlgorithm("HTTPS");
        if (!host.isEmpty() && !Character.isDigit(host.charAt(host.length() - 1)) && !host.startsWith("[")) {
            p.setServerNames(List.of(new SNIHostName(host)));
        }
        tls.setSSLParameters(p);
        tls.setSoTimeout(Math.max(1, timeoutMs));
        tls.startHandshake();
        tls.setSoTimeout(0); // from here on the deadline watchdog bounds every read and write
        return tls;
    }
}
