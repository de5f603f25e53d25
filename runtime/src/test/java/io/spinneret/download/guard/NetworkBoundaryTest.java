package io.spinneret.download.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.settings.Settings;
import java.net.InetAddress;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which addresses each {@code network_boundary} refuses, by the ranges its Javadoc names. */
class NetworkBoundaryTest {
    private static Optional<String> refusal(String setting, String address) throws Exception {
        NetworkBoundary b = NetworkBoundary.from(Settings.defaults().with("network_boundary", setting, "test"));
        return b.refusal(InetAddress.getByName(address));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            127.0.0.1            | loopback
            127.255.0.9          | loopback
            ::1                  | loopback
            0.0.0.0              | unspecified
            ::                   | unspecified
            10.0.0.1             | private
            172.16.0.1           | private
            172.31.255.255       | private
            192.168.1.1          | private
            100.64.0.1           | shared (carrier-grade NAT)
            169.254.169.254      | link-local
            fe80::1              | link-local
            fd00:ec2::254        | unique-local
            fc00::1              | unique-local
            fec0::1              | site-local
            224.0.0.251          | multicast
            ff02::1              | multicast
            255.255.255.255      | broadcast
            ::ffff:169.254.169.254 | link-local
            ::ffff:10.0.0.1      | private
            64:ff9b::a9fe:a9fe   | link-local
            """)
    void internalAddressesAreRefusedUnderPublic(String address, String kind) throws Exception {
        assertEquals(Optional.of(kind), refusal("public", address));
        assertEquals(Optional.empty(), refusal("off", address), "off refuses nothing");
        assertEquals(
                kind.equals("loopback") ? Optional.empty() : Optional.of(kind), refusal("public+loopback", address));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            93.184.215.14
            8.8.8.8
            172.32.0.1
            172.15.255.255
            100.128.0.1
            11.0.0.1
            2606:2800:21f:cb07:6820:80da:af6b:8b2c
            2001:4860:4860::8888
            """)
    void publicAddressesPass(String address) throws Exception {
        assertEquals(Optional.empty(), refusal("public", address));
    }
}
