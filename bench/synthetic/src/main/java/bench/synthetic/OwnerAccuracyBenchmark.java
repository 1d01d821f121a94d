package bench.synthetic;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workloads with known causes (paper 5.1): all benchmark threads take one lock, and the owner
 * chain (which holdN method holds it) or the owner thread decides how long it is held.
 * <ul>
 * <li>pattern {@code chain}: every thread takes the chains in turn; chain k holds for (1 + 2k)
 * units, so the chains cause different shares and the threads equal ones;</li>
 * <li>pattern {@code thread}: every thread uses chain 0; thread t holds for (1 + 2 (t mod 4))
 * units, so the threads cause different shares.</li>
 * </ul>
 * {@link #contendInlined} calls the same chains through methods forced inline, so the lock is taken
 * and released in a compiled frame with inlined callers. Thread count is JMH's {@code -t}; virtual
 * threads are JMH's {@code -Djmh.executor=VIRTUAL} in the fork. With {@code -Dsynthetic.ledger=FILE}
 * the fork writes the measured hold times there ({@link HoldLedger}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 2, time = 1)
@Fork(1)
@Threads(4)
public class OwnerAccuracyBenchmark {
    static final int MAX_CHAINS = 8;

    @Param({"synchronized"})
    public String mechanism;

    @Param({"2"})
    public int chains;

    @Param({"chain"})
    public String pattern;

    @Param({"1000"})
    public int unitMicros;

    LockMechanism lock;
    HoldLedger ledger;
    final AtomicInteger nextThreadIndex = new AtomicInteger();

    /** One benchmark thread: its index, its turn through the chains, and its critical section. */
    @State(Scope.Thread)
    public static class Holder {
        int index;
        int turn;
        int chain;
        long holdNanos;
        long threadId;
        HoldLedger ledger;
        // Made once: the critical section every holdN method passes to the lock.
        final Runnable critical = this::hold;

        @Setup(Level.Trial)
        public void setUp(OwnerAccuracyBenchmark b) {
            index = b.nextThreadIndex.getAndIncrement();
            threadId = Thread.currentThread().threadId();
            ledger = b.ledger;
        }

        void hold() {
            long t0 = System.nanoTime();
            try {
                Thread.sleep(Duration.ofNanos(holdNanos));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ledger.held(chain, threadId, System.nanoTime() - t0);
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        if (chains < 1 || chains > MAX_CHAINS) {
            throw new IllegalArgumentException("chains: 1 to " + MAX_CHAINS);
        }
        lock = LockMechanism.named(mechanism);
        ledger = new HoldLedger(chains);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        String file = System.getProperty("synthetic.ledger");
        if (file != null) {
            ledger.write(Path.of(file));
        }
    }

    /** Picks this operation's chain and hold time by the pattern. */
    void plan(Holder h) {
        long unit = unitMicros * 1_000L;
        if (pattern.equals("thread")) {
            h.chain = 0;
            h.holdNanos = unit * (1 + 2 * (h.index % 4));
        } else {
            h.chain = h.turn++ % chains;
            h.holdNanos = unit * (1 + 2 * h.chain);
        }
    }

    @Benchmark
    public void contend(Holder h) {
        plan(h);
        switch (h.chain) {
            case 0 -> hold0(h);
            case 1 -> hold1(h);
            case 2 -> hold2(h);
            case 3 -> hold3(h);
            case 4 -> hold4(h);
            case 5 -> hold5(h);
            case 6 -> hold6(h);
            case 7 -> hold7(h);
            default -> throw new IllegalStateException();
        }
    }

    @Benchmark
    public void contendInlined(Holder h) {
        plan(h);
        switch (h.chain) {
            case 0 -> inlinedHold0(h);
            case 1 -> inlinedHold1(h);
            case 2 -> inlinedHold2(h);
            case 3 -> inlinedHold3(h);
            case 4 -> inlinedHold4(h);
            case 5 -> inlinedHold5(h);
            case 6 -> inlinedHold6(h);
            case 7 -> inlinedHold7(h);
            default -> throw new IllegalStateException();
        }
    }

    // The owner chains: each takes the lock in its own method, so the report can tell them apart.
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    void hold0(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    void hold1(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    void hold2(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    void hold3(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    void hold4(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    void hold5(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    void hold6(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    void hold7(Holder h) {
        lock.run(h.critical);
    }

    // The same chains, forced inline into contendInlined.
    @CompilerControl(CompilerControl.Mode.INLINE)
    void inlinedHold0(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    void inlinedHold1(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    void inlinedHold2(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    void inlinedHold3(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    void inlinedHold4(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    void inlinedHold5(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    void inlinedHold6(Holder h) {
        lock.run(h.critical);
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    void inlinedHold7(Holder h) {
        lock.run(h.critical);
    }
}
