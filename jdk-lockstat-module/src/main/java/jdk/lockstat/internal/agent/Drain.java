package jdk.lockstat.internal.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import jdk.lockstat.internal.format.TraceWriter;

/**
 * The background thread of paper section 3.1: takes full buffers from the VM's processing queue,
 * writes them to the trace file and gives them back. At VM shutdown (System.exit, SIGTERM, end of
 * main) a shutdown hook drains what is left, including partly filled buffers, writes the end record
 * and closes the file. A write failure (disk full) stops tracing with one warning; what was written
 * before stays readable.
 */
final class Drain implements Runnable {
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long SHUTDOWN_WAIT_SECONDS = 10;

    private final TraceWriter writer;
    private final Path path;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final Thread thread;
    private volatile boolean closing;
    private boolean failed;          // guarded by writeLock
    private long buffersWritten;     // guarded by writeLock

    Drain(TraceWriter writer, Path path) {
        this.writer = writer;
        this.path = path;
        this.thread = new Thread(null, this, "LockStat Drain", 0, false);
        this.thread.setDaemon(true);
    }

    void start() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::finish, "LockStat Shutdown"));
        thread.start();
    }

    @Override
    public void run() {
        while (!closing) {
            int written = 0;
            writeLock.lock();
            try {
                // flush: the VM's shared buffer (thread starts and ends) is written every period
                // too, so that a process killed outright still names its threads.
                if (!failed && (written = drainQueued(true)) > 0) {
                    writer.flush();   // a crash loses at most one period
                }
            } catch (IOException e) {
                fail(e);
            } finally {
                writeLock.unlock();
            }
            // Busy: come straight back, so that a drain competing with the application for CPU
            // does not fall behind by a whole period. Idle: sleep.
            if (written > 0) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, PERIOD_NANOS);
            }
        }
    }

    /** Shutdown hook: last drain, end record, close. Never waits without bound. */
    private void finish() {
        closing = true;
        LockSupport.unpark(thread);
        boolean locked = false;
        try {
            locked = writeLock.tryLock(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!locked) {
            Warnings.warn("trace file " + path + " could not be completed in time; it ends with the data written so far");
            LockStatVM.stop();
            return;
        }
        try {
            if (failed) {
                return;
            }
            // Stop at a safepoint with every thread's buffer queued, then write all of it: the trace
            // ends without sequence gaps even while other threads are still running.
            LockStatVM.stop();
            drainQueued(true);
            Map<String, String> end = new LinkedHashMap<>();
            end.put("end.nanos", Long.toString(System.nanoTime()));
            end.put("end.millis", Long.toString(System.currentTimeMillis()));
            end.put("buffers", Long.toString(buffersWritten));
            end.put("lost.buffers", Long.toString(LockStatVM.lostBuffers()));
            end.put("buffer.high.water", Long.toString(LockStatVM.bufferHighWater()));
            writer.writeEnd(end);
            writer.close();
        } catch (IOException e) {
            fail(e);
        } finally {
            writeLock.unlock();
        }
    }

    /** Writes every queued buffer; with flush, partly filled shared buffers too. Caller holds writeLock. */
    private int drainQueued(boolean flush) throws IOException {
        int n = 0;
        ByteBuffer b;
        while ((b = LockStatVM.takeBuffer(flush && n == 0)) != null) {
            try {
                writer.writeBuffer(b);
                buffersWritten++;
                n++;
            } finally {
                LockStatVM.releaseBuffer(b);
            }
        }
        return n;
    }

    private void fail(IOException e) {
        failed = true;
        closing = true;
        LockStatVM.stop();
        Warnings.warn("writing trace file " + path + " failed (" + Startup.describe(e)
                + "); lock contention tracing stopped, the " + writer.fileBytes() + " bytes written before are readable");
        try {
            writer.close();
        } catch (IOException ignored) {
            // already reported
        }
    }
}
