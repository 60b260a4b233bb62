package io.mosaicod.store;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A loopback HTTP server that answers as S3 would for one object of {@code size} bytes, except that every GET
 * sends only {@code sent} bytes of its body and then closes the connection: a network path that drops mid-answer.
 * HEAD requests are answered in full, on the same kept-alive connection.
 */
final class TruncatingS3 implements Closeable {
    private final ServerSocket listener;
    private final long size;
    private final int sent;
    private final Thread acceptor;

    TruncatingS3(long size, int sent) throws IOException {
        this.size = size;
        this.sent = sent;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::serve, "truncating-s3");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    private void serve() {
        while (!listener.isClosed()) {
            try (Socket connection = listener.accept()) {
                answer(connection);
            } catch (IOException e) {
                // the client went away or the server closed: take the next connection
            }
        }
    }

    private void answer(Socket connection) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(),
                StandardCharsets.ISO_8859_1));
        OutputStream out = connection.getOutputStream();
        String requestLine;
        while ((requestLine = in.readLine()) != null) {
            long first = 0;
            long last = size - 1;
            for (String header = in.readLine(); header != null && !header.isEmpty(); header = in.readLine()) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("range: bytes=")) {
                    String[] bounds = lower.substring("range: bytes=".length()).split("-");
                    first = Long.parseLong(bounds[0].trim());
                    last = Long.parseLong(bounds[1].trim());
                }
            }
            String common = "ETag: \"e\"\r\nLast-Modified: Sun, 06 Dec 2026 12:00:00 GMT\r\n";
            if (requestLine.startsWith("HEAD ")) {
                out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + size + "\r\n" + common + "\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                continue;
            }
            long length = last - first + 1;
            out.write(("HTTP/1.1 206 Partial Content\r\nContent-Length: " + length + "\r\nContent-Range: bytes "
                    + first + "-" + last + "/" + size + "\r\n" + common + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(new byte[(int) Math.min(sent, length)]);
            out.flush();
            return; // closes the connection with the body unfinished
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        try {
            acceptor.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
