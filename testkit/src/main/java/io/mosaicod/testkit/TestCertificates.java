package io.mosaicod.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private certificate authority and a server certificate it signed for {@code localhost} and {@code 127.0.0.1},
 * made fresh for a test by the JDK's own {@code keytool} (no library, nothing checked in that could expire), as PEM
 * files: the CA's certificate, the server's certificate, and its private key in unencrypted PKCS#8.
 *
 * @param caCertificate     what a client trusts
 * @param serverCertificate the server's certificate, then the CA's (its chain)
 * @param serverKey         the server certificate's private key
 */
public record TestCertificates(Path caCertificate, Path serverCertificate, Path serverKey) {
    private static final String PASSWORD = "mosaicod-test";

    /** Writes a CA and a server identity it signed into {@code dir} (under {@code name}-prefixed files). */
    public static TestCertificates create(Path dir, String name) throws IOException, InterruptedException {
        Path ca = dir.resolve(name + "-ca.p12");
        Path server = dir.resolve(name + "-server.p12");
        Path request = dir.resolve(name + "-server.csr");
        Path caPem = dir.resolve(name + "-ca.pem");
        Path signed = dir.resolve(name + "-server-only.pem");
        keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=mosaicod test CA " + name, "-ext", "bc:c", "-validity", "2", "-keystore", ca.toString());
        keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ca.toString(), "-file", caPem.toString());
        keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=localhost", "-validity", "2", "-keystore", server.toString());
        keytool("-certreq", "-alias", "server", "-keystore", server.toString(), "-file", request.toString());
        keytool("-gencert", "-rfc", "-alias", "ca", "-keystore", ca.toString(), "-infile", request.toString(),
                "-outfile", signed.toString(), "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2");
        Path chain = Files.writeString(dir.resolve(name + "-server.pem"),
                Files.readString(signed) + Files.readString(caPem));
        Path key = dir.resolve(name + "-server-key.pem");
        writePkcs8(server, "server", key);
        return new TestCertificates(caPem, chain, key);
    }

    private static void writePkcs8(Path keystore, String alias, Path target) throws IOException {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD.toCharArray());
            Key key = store.getKey(alias, PASSWORD.toCharArray());
            String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(key.getEncoded());
            Files.writeString(target, "-----BEGIN PRIVATE KEY-----\n" + base64 + "\n-----END PRIVATE KEY-----\n");
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read the key of " + keystore + ": " + e.getMessage(), e);
        }
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD, "-noprompt"));
        if (List.of(args).contains("-genkeypair")) {
            command.addAll(List.of("-keypass", PASSWORD));
        }
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IOException("keytool " + String.join(" ", args) + " failed: " + output);
        }
    }
}
