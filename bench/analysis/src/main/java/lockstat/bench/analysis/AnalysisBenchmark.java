package lockstat.bench.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
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
import org.openjdk.jmh.annotations.Warmup;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportNode;

/**
 * Analysis throughput: a whole generated trace (compressed, as the VM writes by default) streamed through
 * the engine and aggregated by the report's default aspects (lock-class, owner-chain), per operation.
 * The auxiliary counters turn this into events/s and MB/s (of the file, and of the uncompressed stream).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m"})
public class AnalysisBenchmark {
    @Param({"2000000"})
    public long events;

    private Path trace;
    private SyntheticTrace.Stats stats;

    /** Rates JMH reports next to the score: events and bytes analysed per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Rates {
        public long events;
        public long fileMB;
        public long streamMB;
        long fileBytes;
        long streamBytes;

        @Setup(Level.Iteration)
        public void clear() {
            events = 0;
            fileBytes = 0;
            streamBytes = 0;
            fileMB = 0;
            streamMB = 0;
        }
    }

    @Setup(Level.Trial)
    public void generate() throws IOException {
        trace = Files.createTempFile("lockstat-bench", ".lct");
        stats = SyntheticTrace.write(trace, events, 42);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(trace);
    }

    @Benchmark
    public ReportNode analyze(Rates rates) throws IOException {
        AggregationTree tree = new AggregationTree(Aspect.parseList("lock-class,owner-chain"));
        new ContentionAnalysis(tree).analyze(trace);
        rates.events += stats.events();
        rates.fileBytes += stats.fileBytes();
        rates.streamBytes += stats.uncompressedBytes();
        rates.fileMB = rates.fileBytes >> 20;
        rates.streamMB = rates.streamBytes >> 20;
        return tree.snapshot();
    }
}
