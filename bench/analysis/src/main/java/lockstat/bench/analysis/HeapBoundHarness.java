package lockstat.bench.analysis;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;
import jdk.lockstat.query.Aspect;

/**
 * Shows that the analysis' memory does not grow with the trace: analyses a generated trace and one ten
 * times as long in the same JVM (run it with a fixed -Xmx), and prints for each the largest heap in use
 * right after a collection (the live set, read from the pools' collection usage while the analysis
 * runs) and the pools' peak usage. Usage: HeapBoundHarness [EVENTS [RUNS]] (default 2,000,000 and 3);
 * the median of the runs is printed too.
 */
public final class HeapBoundHarness {
    private HeapBoundHarness() {}

    public static void main(String[] args) throws Exception {
        long base = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.printf("max heap %d MB, %s%n", Runtime.getRuntime().maxMemory() >> 20,
                ManagementFactory.getRuntimeMXBean().getInputArguments());
        for (long events : new long[] {base, base * 10}) {
            Path trace = Files.createTempFile("lockstat-heap", ".lct");
            try {
                long g0 = System.nanoTime();
                SyntheticTrace.Stats s = SyntheticTrace.write(trace, events, 7);
                System.out.printf("%,d events, %,d buffers, file %,d bytes (%,d uncompressed), generated in %.1f s%n",
                        s.events(), s.buffers(), s.fileBytes(), s.uncompressedBytes(), (System.nanoTime() - g0) / 1e9);
                List<Long> live = new ArrayList<>(), peak = new ArrayList<>(), rate = new ArrayList<>();
                for (int r = 0; r < runs; r++) {
                    long[] m = measure(trace);
                    live.add(m[0]);
                    peak.add(m[1]);
                    rate.add(s.events() * 1_000_000_000L / m[2]);
                    System.out.printf("  run %d: live heap after GC max %.1f MB, pool peak %.1f MB, %.2f s, %,d events/s%n",
                            r + 1, m[0] / 1048576.0, m[1] / 1048576.0, m[2] / 1e9, rate.get(r));
                }
                System.out.printf("  median: live heap after GC max %.1f MB, pool peak %.1f MB, %,d events/s%n",
                        median(live) / 1048576.0, median(peak) / 1048576.0, median(rate));
            } finally {
                Files.deleteIfExists(trace);
            }
        }
    }

    /** {max heap used after a GC during the run, sum of heap pools' peak usage, nanoseconds}. */
    private static long[] measure(Path trace) throws Exception {
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long[] maxAfterGc = {afterGc(heap)};
        Thread sampler = Thread.ofPlatform().daemon().start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                maxAfterGc[0] = Math.max(maxAfterGc[0], afterGc(heap));
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        long t0 = System.nanoTime();
        AggregationTree tree = new AggregationTree(Aspect.parseList("lock-class,owner-chain"));
        ContentionAnalysis a = new ContentionAnalysis(tree);
        a.analyze(trace);
        long nanos = System.nanoTime() - t0;
        System.gc();   // a last sample with the analysis' state still reachable
        maxAfterGc[0] = Math.max(maxAfterGc[0], afterGc(heap));
        sampler.interrupt();
        sampler.join();
        long peakSum = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        if (tree.snapshot().count() == 0) {
            throw new IllegalStateException("no contentions found");
        }
        return new long[] {maxAfterGc[0], peakSum, nanos};
    }

    private static long afterGc(List<MemoryPoolMXBean> heap) {
        long sum = 0;
        for (MemoryPoolMXBean p : heap) {
            if (p.getCollectionUsage() != null) {
                sum += p.getCollectionUsage().getUsed();
            }
        }
        return sum;
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
