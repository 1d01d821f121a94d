package jdk.lockstat.internal.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The background thread of paper section 3.1: takes full buffers from the VM's processing queue,
 * hands them to the sinks (trace file, ring, online analysis) and gives them back. One drain per
 * recording: {@link #finish} (LockStat.stop, or the shutdown hook at VM exit) drains what is left,
 * including partly filled buffers, and ends every sink. A sink's failure (disk full) ends that sink with one warning; what
 * it wrote before stays readable. Tracing stops when no sink is left.
 */
final class Drain implements Runnable {
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long SHUTDOWN_WAIT_SECONDS = 10;

    private final List<BufferSink> sinks;      // guarded by lock
    private final ReentrantLock lock = new ReentrantLock();
    private final Thread thread;
    private volatile boolean closing;
    private long buffersDrained;               // guarded by lock
    private boolean busy;                      // the last round drained something (drain thread only)

    Drain(List<BufferSink> sinks) {
        this.sinks = new ArrayList<>(sinks);
        this.thread = new Thread(null, this, "LockStat Drain", 0, false);
        this.thread.setDaemon(true);
    }

    void start() {
        instance = this;
        thread.start();
    }

    /**
     * Runs an action on the sinks with everything the VM has queued so far handed to them first
     * (call {@link LockStatVM#collect} before, for threads' partly filled buffers); null if the drain
     * thread did not let go in time.
     */
    <T> T drainAndRun(long timeoutMillis, java.util.concurrent.Callable<T> action) throws Exception {
        if (!lock.tryLock(timeoutMillis, TimeUnit.MILLISECONDS)) {
            return null;
        }
        try {
            if (!sinks.isEmpty() && drainQueued(true) > 0) {
                forEachSink(BufferSink::periodEnd);
            }
            return action.call();
        } finally {
            lock.unlock();
        }
    }

    /** Whether every sink has failed (tracing then stopped by itself). */
    boolean failed() {
        lock.lock();
        try {
            return sinks.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    long buffersDrained() {
        return buffersDrained;   // a racy read, for status only
    }

    /** The running drain, for on-demand reports; null before start. */
    static Drain instance() {
        return instance;
    }

    private static volatile Drain instance;

    /**
     * Hands everything queued so far to the sinks, on the calling thread (an on-demand report after
     * {@link LockStatVM#collect}); waits at most the given time for the drain thread to let go.
     */
    boolean drainNow(long timeoutMillis) throws InterruptedException {
        if (!lock.tryLock(timeoutMillis, TimeUnit.MILLISECONDS)) {
            return false;
        }
        try {
            if (!sinks.isEmpty() && drainQueued(true) > 0) {
                forEachSink(BufferSink::periodEnd);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void run() {
        LockStatVM.excludeCurrentThread(true);   // the drain's own locking is not the application's
        long lastCollect = System.nanoTime();
        while (!closing) {
            int drained = 0;
            // While events flow, every period: a thread that blocked right after its last event (a
            // contended enter) holds that event in a partly filled buffer, and the analysis of that
            // lock waits for it. A safepoint hands every thread's buffer over (paper 3.1 relies on GC
            // safepoints; an application that does not allocate has none).
            if (busy && System.nanoTime() - lastCollect >= PERIOD_NANOS) {
                LockStatVM.collect();
                lastCollect = System.nanoTime();
            }
            lock.lock();
            try {
                // flush: the VM's shared buffer (thread starts and ends) is taken every period too,
                // so that a process killed outright still names its threads.
                if (!sinks.isEmpty() && (drained = drainQueued(true)) > 0) {
                    forEachSink(BufferSink::periodEnd);
                }
            } finally {
                lock.unlock();
            }
            // Busy: come straight back, so that a drain competing with the application for CPU
            // does not fall behind by a whole period. Idle: sleep.
            busy = drained > 0;
            if (drained > 0) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, PERIOD_NANOS);
            }
        }
    }

    /**
     * Stops tracing, with a last drain and the end of every sink (LockStat.stop, or the shutdown
     * hook). Never waits without bound: the last drain runs on a daemon thread of its own and this
     * waits for it at most SHUTDOWN_WAIT_SECONDS, since a sink can block in a write for ever (a pipe
     * nobody reads, a hung network file system) and the VM's exit waits for its shutdown hooks. A
     * drain still writing then is left behind; the VM ends it. Returns whether the sinks were ended.
     */
    boolean finish() {
        closing = true;
        LockSupport.unpark(thread);
        Thread last = new Thread(null, this::lastDrain, "LockStat Last Drain", 0, false);
        last.setDaemon(true);
        last.start();
        try {
            last.join(TimeUnit.SECONDS.toMillis(SHUTDOWN_WAIT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (last.isAlive()) {
            Warnings.warn("lock contention tracing could not be completed within " + SHUTDOWN_WAIT_SECONDS
                    + " s (the trace is not being written: a pipe nobody reads, or a hung file system?); the trace ends with the data written so far");
            LockStatVM.stop();   // no more events, whatever the last drain is stuck in
            return false;
        }
        try {
            thread.join(2_000);   // it sees closing at its next round; no drain thread outlives its recording
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (instance == this) {
            instance = null;
        }
        return true;
    }

    private void lastDrain() {
        LockStatVM.excludeCurrentThread(true);
        lock.lock();   // the drain thread may be in a write: the hook's join bounds this wait
        try {
            if (sinks.isEmpty()) {
                return;
            }
            // Stop at a safepoint with every thread's buffer queued, then take all of it: the trace
            // ends without sequence gaps even while other threads are still running.
            LockStatVM.stop();
            drainQueued(true);
            Map<String, String> end = new LinkedHashMap<>();
            end.put("end.nanos", Long.toString(System.nanoTime()));
            end.put("end.millis", Long.toString(System.currentTimeMillis()));
            end.put("buffers", Long.toString(buffersDrained));
            end.put("lost.buffers", Long.toString(LockStatVM.lostBuffers()));
            end.put("buffer.high.water", Long.toString(LockStatVM.bufferHighWater()));
            forEachSink(s -> s.end(end));
        } finally {
            lock.unlock();
        }
    }

    /** Hands every queued buffer to the sinks; with flush, partly filled shared buffers too. */
    private int drainQueued(boolean flush) {
        int n = 0;
        ByteBuffer b;
        while (!sinks.isEmpty() && (b = LockStatVM.takeBuffer(flush && n == 0)) != null) {
            try {
                ByteBuffer vmBuffer = b;
                forEachSink(s -> s.buffer(vmBuffer.duplicate()));
                buffersDrained++;
                n++;
            } finally {
                LockStatVM.releaseBuffer(b);
            }
        }
        return n;
    }

    private interface SinkAction {
        void apply(BufferSink sink) throws IOException;
    }

    private void forEachSink(SinkAction action) {
        for (BufferSink sink : List.copyOf(sinks)) {
            try {
                action.apply(sink);
            } catch (IOException e) {
                sinks.remove(sink);
                String what = sink.fail(e);
                if (sinks.isEmpty()) {
                    closing = true;
                    LockStatVM.stop();
                    Warnings.warn(what + "; lock contention tracing stopped");
                } else {
                    Warnings.warn(what);
                }
            }
        }
    }
}
