package io.spinneret.testing;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.spi.InetAddressResolver;
import java.net.spi.InetAddressResolverProvider;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The test JVM's name resolver (registered in {@code META-INF/services}): a few names under
 * {@code .test} map to fixed addresses, as a hostile DNS would answer, and every other name goes
 * to the JDK's own resolver. Nothing connects to the internal addresses: the network-boundary
 * tests only check that they are refused before a connection is made.
 */
public final class TestHostsResolver extends InetAddressResolverProvider {
    /** Names and what they resolve to. {@code loopback.test} is the one that may be connected to. */
    public static final Map<String, String> HOSTS = Map.of(
            "loopback.test", "127.0.0.1",
            "metadata.test", "169.254.169.254",
            "private.test", "10.20.30.40",
            "ula.test", "fd12:3456::1",
            "multicast.test", "224.0.0.251",
            "mapped.test", "::ffff:192.168.1.1");

    @Override
    public InetAddressResolver get(Configuration configuration) {
        InetAddressResolver builtin = configuration.builtinResolver();
        return new InetAddressResolver() {
            @Override
            public Stream<InetAddress> lookupByName(String host, LookupPolicy policy) throws UnknownHostException {
                String address = HOSTS.get(host.toLowerCase(Locale.ROOT));
                if (address == null) return builtin.lookupByName(host, policy);
                return Stream.of(InetAddress.getByAddress(
                        host, InetAddress.getByName(address).getAddress()));
            }

            @Override
            public String lookupByAddress(byte[] addr) throws UnknownHostException {
                return builtin.lookupByAddress(addr);
            }
        };
    }

    @Override
    public String name() {
        return "spinneret test hosts";
    }

    /** The names, for tests that list them. */
    public static List<String> names() {
        return HOSTS.keySet().stream().sorted().toList();
    }
}
