package io.spinneret.download.guard;

import io.spinneret.annotations.Setting;
import io.spinneret.settings.Settings;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The {@code network_boundary} setting: which kinds of address a crawl may connect to. The check
 * is made on the {@link InetAddress} a connection is about to be opened to, after DNS resolution,
 * so a name that resolves (or re-resolves: DNS rebinding) to an internal address is refused
 * whatever the URL said. Immutable and thread-safe.
 *
 * <p>Refused under {@code public}: loopback ({@code 127.0.0.0/8}, {@code ::1}), unspecified
 * ({@code 0.0.0.0}, {@code ::}), private ({@code 10/8}, {@code 172.16/12}, {@code 192.168/16}),
 * carrier-grade NAT ({@code 100.64/10}), link-local ({@code 169.254/16}, where cloud metadata
 * services answer, and {@code fe80::/10}), unique-local IPv6 ({@code fc00::/7}), site-local IPv6
 * ({@code fec0::/10}), multicast, and the IPv4-mapped and NAT64 forms ({@code ::ffff:a.b.c.d},
 * {@code 64:ff9b::a.b.c.d}) of all of these. {@code public+loopback} lets loopback through.
 */
public final class NetworkBoundary {
    private static final NetworkBoundary OFF = new NetworkBoundary(false, false);

    private final boolean active;
    private final boolean allowLoopback;

    private NetworkBoundary(boolean active, boolean allowLoopback) {
        this.active = active;
        this.allowLoopback = allowLoopback;
    }

    public static NetworkBoundary from(Settings settings) {
        return switch (settings.getChoice(Setting.NETWORK_BOUNDARY)) {
            case "public" -> new NetworkBoundary(true, false);
            case "public+loopback" -> new NetworkBoundary(true, true);
            default -> OFF;
        };
    }

    public static NetworkBoundary off() {
        return OFF;
    }

    /** False when nothing is refused (the default). */
    public boolean active() {
        return active;
    }

    /** Why {@code address} is refused ("private", "link-local"...), or empty if it may be reached. */
    public Optional<String> refusal(InetAddress address) {
        if (!active) return Optional.empty();
        String kind = kind(address);
        if (kind == null || (allowLoopback && kind.equals("loopback"))) return Optional.empty();
        return Optional.of(kind);
    }

    /** @throws BlockedAddressException if {@code address} of {@code host} is refused */
    public void check(String host, InetAddress address, String url) throws BlockedAddressException {
        Optional<String> why = refusal(address);
        if (why.isPresent()) {
            throw new BlockedAddressException("refused by network_boundary: " + host + " is " + address.getHostAddress()
                    + ", a " + why.get() + " address, for " + url);
        }
    }

    /**
     * Resolves {@code host} and checks every address it has (for a client that resolves again by
     * itself, where the address connected to cannot be seen).
     */
    public void checkAll(String host, String url) throws BlockedAddressException, UnknownHostException {
        if (!active) return;
        for (InetAddress a : InetAddress.getAllByName(host)) check(host, a, url);
    }

    /** The kind of internal address {@code a} is, or null for a public one. */
    static @Nullable String kind(InetAddress a) {
        if (a instanceof Inet6Address v6) {
            byte[] b = v6.getAddress();
            InetAddress embedded = embeddedIpv4(b);
            if (embedded != null) return kind(embedded);
            if (a.isLoopbackAddress()) return "loopback";
            if (a.isAnyLocalAddress()) return "unspecified";
            if (a.isLinkLocalAddress()) return "link-local";
            if (a.isSiteLocalAddress()) return "site-local";
            if (a.isMulticastAddress()) return "multicast";
            if ((b[0] & 0xfe) == 0xfc) return "unique-local";
            return null;
        }
        byte[] b = a.getAddress();
        int b0 = b[0] & 0xff, b1 = b[1] & 0xff;
        if (a.isLoopbackAddress()) return "loopback";
        if (b0 == 0) return "unspecified";
        if (a.isLinkLocalAddress()) return "link-local";
        if (b0 == 10 || (b0 == 172 && (b1 & 0xf0) == 16) || (b0 == 192 && b1 == 168)) return "private";
        if (b0 == 100 && (b1 & 0xc0) == 64) return "shared (carrier-grade NAT)";
        if (a.isMulticastAddress()) return "multicast";
        if (b0 == 255) return "broadcast";
        return null;
    }

    /** The IPv4 address inside an IPv4-mapped ({@code ::ffff:0:0/96}), IPv4-compatible or NAT64 address, else null. */
    private static @Nullable InetAddress embeddedIpv4(byte[] b) {
        boolean zero10 = true;
        for (int i = 0; i < 10; i++) zero10 &= b[i] == 0;
        boolean mapped = zero10 && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
        boolean compatible =
                zero10 && b[10] == 0 && b[11] == 0 && !(b[12] == 0 && b[13] == 0 && b[14] == 0 && (b[15] & 0xfe) == 0);
        boolean nat64 =
                (b[0] & 0xff) == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b;
        for (int i = 4; nat64 && i < 12; i++) nat64 = b[i] == 0;
        if (!mapped && !compatible && !nat64) return null;
        try {
            return Inet4Address.getByAddress(new byte[] {b[12], b[13], b[14], b[15]});
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
