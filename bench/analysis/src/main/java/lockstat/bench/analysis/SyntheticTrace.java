package lockstat.bench.analysis;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceWriter;

/**
 * Writes a large trace with the real writer, shaped like the VM's: 16 threads contend on 32 monitors;
 * each thread writes into its own buffer (8–24 KB, like the VM's) and a full buffer goes to the file, so
 * every monitor's events reach the file out of sequence order across buffers. Blocked threads, owners
 * with several waiters, barging owners, wait() forward references, deflation and re-inflation of an
 * address with another class, and metadata written by the thread that first uses a chain. Streams: only
 * the open buffers are in memory, so traces of any size can be generated.
 */
public final class SyntheticTrace {
    public record Stats(long events, long buffers, long fileBytes, long uncompressedBytes) {}

    private static final int THREADS = 16, MONITORS = 32, CHAINS = 64, METHODS = 24, CLASSES = 4;
    private static final long START = 1_000_000_000L;

    private final SplittableRandom random;
    private final TraceWriter writer;
    private final Map<Long, EventBufferBuilder> open = new HashMap<>();
    private final Map<Long, Integer> limit = new HashMap<>();
    private final boolean[] chainWritten = new boolean[CHAINS + 1];
    private long bufferSeq;
    private long events;
    private long buffers;
    private long time = START;
    private long nextRef = 1;

    private static final class Monitor {
        long address;
        long seq;
        long owner;
        final ArrayDeque<Long> queue = new ArrayDeque<>();
        long pendingRef;   // the owner released in wait(): its chain is resolved at its next release
        long pendingRefOwner;
    }

    private SyntheticTrace(TraceWriter writer, long seed) {
        this.writer = writer;
        this.random = new SplittableRandom(seed);
    }

    /** Writes a compressed trace of about targetEvents events. */
    public static Stats write(Path file, long targetEvents, long seed) throws IOException {
        SyntheticTrace t;
        long uncompressed;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
             TraceWriter w = new TraceWriter(ch, true)) {
            t = new SyntheticTrace(w, seed);
            t.run(targetEvents);
            uncompressed = w.uncompressedBytes();
        }
        return new Stats(t.events, t.buffers, Files.size(file), uncompressed);
    }

    private void run(long targetEvents) throws IOException {
        Map<String, String> h = new LinkedHashMap<>();
        h.put(TraceHeader.JDK_VERSION, "25.0.3+9-lockstat (synthetic)");
        h.put(TraceHeader.PID, "1");
        h.put(TraceHeader.START_MILLIS, "1790000000000");
        h.put(TraceHeader.START_NANOS, Long.toString(START));
        h.put(TraceHeader.CLOCK, "synthetic");
        h.put(TraceHeader.CLOCK_FREQUENCY, "1000000000");
        h.put(TraceHeader.CPUS, "16");
        writer.writeHeader(new TraceHeader(h));
        writer.writeSchema(EventType.schema());

        EventBufferBuilder meta = new EventBufferBuilder(0, bufferSeq++, START);
        for (int t = 0; t < THREADS; t++) {
            meta.event(EventType.THREAD_START, START, thread(t), 0, "worker-" + t);
            events++;
        }
        for (int c = 1; c <= CLASSES; c++) {
            meta.event(EventType.CLASS, 0x1000L * c, 0L, "bench.Lock" + c);
            events++;
        }
        meta.event(EventType.CLASS, 0x9000L, 0L, "bench.Worker");
        for (int m = 1; m <= METHODS; m++) {
            meta.event(EventType.METHOD, 0x100000L + m, 0x9000L, "method" + m, "()V", 0L, "Worker.java");
            events++;
        }
        flush(meta);

        List<Monitor> monitors = new ArrayList<>();
        for (int i = 0; i < MONITORS; i++) {
            Monitor m = new Monitor();
            m.address = 0x7f0000100000L + i * 0x100L;
            m.owner = thread(random.nextInt(THREADS));
            inflate(m);
            monitors.add(m);
        }
        while (events < targetEvents) {
            Monitor m = monitors.get(random.nextInt(MONITORS));
            time += 1 + random.nextInt(20_000);
            int dice = random.nextInt(100);
            if (m.queue.isEmpty() || (m.queue.size() < 4 && dice < 45)) {
                long t = thread(random.nextInt(THREADS));
                if (t != m.owner && !m.queue.contains(t)) {
                    emit(t, EventType.MONITOR_CONTENDED_ENTER, time, m.address, m.seq++, chain(t), dice < 3 ? 1 : 0);
                    m.queue.add(t);
                }
            } else if (dice < 50) {
                // the owner releases and takes the lock again before a waiter runs (barging)
                release(m);
            } else if (dice < 54 && m.pendingRef == 0) {
                m.pendingRef = nextRef++;
                m.pendingRefOwner = m.owner;
                emit(m.owner, EventType.MONITOR_WAIT_EXIT, time, m.address, m.seq++, m.pendingRef);
                handOver(m);
            } else {
                release(m);
                handOver(m);
            }
            if (m.queue.isEmpty() && m.pendingRef == 0 && random.nextInt(1000) == 0) {
                emit(m.owner, EventType.MONITOR_DEFLATE, time, m.address, m.seq);
                time += 1 + random.nextInt(1_000);
                inflate(m);   // the same address, again from seq 0, perhaps another class
            }
        }
        for (EventBufferBuilder b : new ArrayList<>(open.values())) {
            flush(b);
        }
        writer.writeEnd(Map.of("end.nanos", Long.toString(time + 1), "buffers", Long.toString(buffers),
                "lost.buffers", "0", "buffer.high.water", Integer.toString(THREADS)));
    }

    private void inflate(Monitor m) {
        m.seq = 0;
        long hash = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(Integer.MAX_VALUE - 1);
        emit(m.owner, EventType.MONITOR_INFLATE, time, m.address, m.seq++, hash, 0x1000L * (1 + random.nextInt(CLASSES)));
    }

    private void release(Monitor m) {
        long chain = chain(m.owner);
        emit(m.owner, EventType.MONITOR_CONTENDED_EXIT, time, m.address, m.seq++, chain);
        if (m.pendingRef != 0 && m.pendingRefOwner == m.owner) {
            emit(m.owner, EventType.MONITOR_FORWARD_RESOLVE, time, m.address, m.seq++, m.pendingRef, chain);
            m.pendingRef = 0;
        }
    }

    private void handOver(Monitor m) {
        long next = m.queue.poll();
        time += 1 + random.nextInt(2_000);
        emit(next, EventType.MONITOR_CONTENDED_ENTERED, time, m.address, m.seq++);
        m.owner = next;
    }

    private long chain(long thread) {
        int c = 1 + (int) ((thread * 7 + random.nextInt(4)) % CHAINS);
        if (!chainWritten[c]) {
            chainWritten[c] = true;
            List<Object[]> frames = new ArrayList<>();
            int depth = 3 + c % 6;
            for (int f = 0; f < depth; f++) {
                frames.add(new Object[] {0x100000L + 1 + (c + f) % METHODS, (long) f * 7, 10L + f, 0L});
            }
            emitRaw(thread, EventType.CALL_CHAIN, (long) c, frames);
        }
        return c;
    }

    private static long thread(int i) {
        return 100 + i;
    }

    private void emit(long thread, EventType type, Object... values) {
        emitRaw(thread, type, values);
    }

    private void emitRaw(long thread, EventType type, Object... values) {
        EventBufferBuilder b = open.get(thread);
        if (b == null) {
            b = new EventBufferBuilder(thread, 0, time);
            open.put(thread, b);
            limit.put(thread, 8192 + random.nextInt(16384));
        }
        b.event(type, values);
        events++;
        if (b.size() >= limit.get(thread)) {
            open.remove(thread);
            flush(b);
        }
    }

    private void flush(EventBufferBuilder b) {
        try {
            // The buffer sequence is assigned when a buffer is handed in, as the VM does.
            java.nio.ByteBuffer payload = b.toByteBuffer();
            payload = resequence(payload, bufferSeq++);
            writer.writeBuffer(payload);
            buffers++;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Rewrites the buffer header's sequence number (the builder fixed it when the buffer was opened). */
    private static java.nio.ByteBuffer resequence(java.nio.ByteBuffer payload, long seq) {
        byte[] in = new byte[payload.remaining()];
        payload.get(in);
        int p = 0;
        while ((in[p] & 0x80) != 0) {
            p++;
        }
        p++;   // past writerThread
        int seqStart = p;
        while ((in[p] & 0x80) != 0) {
            p++;
        }
        p++;   // past the old sequence number
        byte[] seqBytes = varint(seq);
        byte[] out = new byte[in.length - (p - seqStart) + seqBytes.length];
        System.arraycopy(in, 0, out, 0, seqStart);
        System.arraycopy(seqBytes, 0, out, seqStart, seqBytes.length);
        System.arraycopy(in, p, out, seqStart + seqBytes.length, in.length - p);
        return java.nio.ByteBuffer.wrap(out);
    }

    private static byte[] varint(long v) {
        byte[] b = new byte[10];
        int n = 0;
        while ((v & ~0x7FL) != 0) {
            b[n++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[n++] = (byte) v;
        return java.util.Arrays.copyOf(b, n);
    }
}
