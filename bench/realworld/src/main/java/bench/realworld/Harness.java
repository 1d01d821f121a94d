package bench.realworld;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small DaCapo-style harness: named workloads, iterations of a fixed amount of work, warm-up
 * iterations discarded, per-iteration timing, output validated (every iteration must produce the
 * same digest), thread count = cores by default. For the side-by-side overhead harness it runs for a
 * time budget: the first third warms up, the rest is measured, and it prints "ops=" (work units per
 * second in the measured iterations) next to each iteration's time. At the end the workload is closed
 * (servers and actor systems stopped), so that the JVM exits.
 * Usage: Harness WORKLOAD [THREADS|0 for cores] [MILLIS]
 */
public final class Harness {
    private Harness() {}

    static Workload workload(String name) throws Exception {
        return switch (name) {
            case "xalan" -> new XalanWorkload();
            case "h2" -> new H2Workload();
            case "lusearch" -> new LusearchWorkload();
            case "luindex" -> new LuindexWorkload();
            case "tomcat" -> new TomcatWorkload();
            case "pmd" -> new PmdWorkload();
            case "actors" -> new ActorsWorkload();
            default -> throw new IllegalArgumentException("unknown workload " + name
                    + " (workloads: xalan, h2, lusearch, luindex, tomcat, pmd, actors)");
        };
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        int threads = args.length > 1 && Integer.parseInt(args[1]) > 0 ? Integer.parseInt(args[1])
                : Runtime.getRuntime().availableProcessors();
        long millis = args.length > 2 ? Long.parseLong(args[2]) : 10_000;
        Workload w = workload(name);
        try {
            run(w, name, threads, millis);
        } finally {
            w.close();
        }
    }

    private static void run(Workload w, String name, int threads, long millis) throws Exception {
        long start = System.nanoTime(), warmEnd = start + millis * 1_000_000 / 3, end = start + millis * 1_000_000;
        Long digest = null;
        List<Long> measured = new ArrayList<>();
        int iteration = 0;
        while (System.nanoTime() < end || measured.isEmpty()) {
            long t0 = System.nanoTime();
            long d = w.iterate(threads);
            long t1 = System.nanoTime();
            if (digest == null) {
                digest = d;
            } else if (digest != d) {
                throw new IllegalStateException(name + ": iteration " + iteration + " produced digest " + d + ", not " + digest);
            }
            boolean warm = t0 < warmEnd;
            System.out.printf(Locale.ROOT, "%s iteration %d: %.1f ms%s%n", name, iteration++, (t1 - t0) / 1e6, warm ? " (warm-up)" : "");
            if (!warm) {
                measured.add(t1 - t0);
            }
        }
        long total = measured.stream().mapToLong(Long::longValue).sum();
        double ops = measured.size() * (double) w.unitsPerIteration() / (total / 1e9);
        System.out.printf(Locale.ROOT, "%s: %d threads, %d measured iterations, validated, ops=%.1f%n", name, threads,
                measured.size(), ops);
    }
}
