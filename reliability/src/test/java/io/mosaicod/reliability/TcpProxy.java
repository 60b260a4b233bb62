package io.mosaicod.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback TCP forwarder between mosaicod processes and a server (PostgreSQL, S3), which a test can
 * {@link #cut()}: every open connection is reset and new ones are refused — the server is unreachable — or
 * {@link #stall()}: connections stay open but no byte moves — a path that hangs — until {@link #restore()}.
 * Only loopback addresses are ever involved.
 */
final class TcpProxy implements AutoCloseable {
    private final int targetPort;
    private final ServerSocket listener;
    private final Thread acceptor;
    private final List<Socket> open = new ArrayList<>();
    private volatile boolean cut;
    private boolean stalled; // guarded by this
    private volatile boolean closed;
    private int connections;

    TcpProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, "tcp-proxy-" + listener.getLocalPort());
        this.acceptor.setDaemon(true);
        this.acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** How many connections were forwarded so far. */
    synchronized int connections() {
        return connections;
    }

    /** Resets every forwarded connection and refuses new ones. */
    void cut() {
        cut = true;
        synchronized (this) {
            for (Socket socket : open) {
                reset(socket);
            }
            open.clear();
        }
    }

    /** Holds every byte in either direction, on open and new connections, closing none. */
    synchronized void stall() {
        stalled = true;
    }

    /** Forwards again: new connections after a {@link #cut()}, the held bytes after a {@link #stall()}. */
    void restore() {
        cut = false;
        synchronized (this) {
            stalled = false;
            notifyAll();
        }
    }

    private synchronized void awaitFlowing() throws InterruptedException {
        while (stalled && !closed) {
            wait();
        }
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            if (cut) {
                reset(client);
                continue;
            }
            try {
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                synchronized (this) {
                    open.add(client);
                    open.add(server);
                    connections++;
                }
                pump(client, server);
                pump(server, client);
            } catch (IOException e) {
                reset(client);
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    awaitFlowing();
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // the other side or the test cut the connection
            } finally {
                reset(from);
                reset(to);
            }
        }, "tcp-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    /** Closes with an RST (linger 0), as a dropped network path or a restarted server does. */
    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
        } catch (SocketException ignored) {
            // already closed
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        restore(); // wakes held pumps, which then see their sockets reset
        cut();
    }

    @Override
    public String toString() {
        return "proxy " + new InetSocketAddress(InetAddress.getLoopbackAddress(), port()) + " -> :" + targetPort;
    }
}
