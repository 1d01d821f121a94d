import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Accuracy against ground truth (paper 5.1): every mechanism of AccuracyWorkload, on platform and
 * virtual threads, traced by the LockStat JDK; expected owner shares from the workload's own measured
 * hold times, measured shares from lockstat report --by owner-chain --format json. Prints the error
 * per workload in percentage points and writes accuracy.json and ACCURACY.md.
 * Usage: java AccuracySuite.java --lockstat-jdk DIR --classes DIR [--millis N] [--a MS] [--b MS] [--out DIR]
 */
public class AccuracySuite {
    record Result(String name, double expectedB, double measuredA, double measuredB, double unknown, double errorPp) {}

    static final List<String> MECHANISMS = List.of("synchronized", "exception", "reentrant", "reentrant-fair", "rwlock",
            "stamped", "semaphore");

    public static void main(String[] args) throws Exception {
        java.util.Map<String, String> opt = new java.util.HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String jdk = opt.getOrDefault("lockstat-jdk", "build/jdk");
        String classes = opt.getOrDefault("classes", "build/bench/classes");
        String millis = opt.getOrDefault("millis", "3000"), a = opt.getOrDefault("a", "1"), b = opt.getOrDefault("b", "3");
        Path work = Files.createTempDirectory("accuracy");
        List<Result> results = new ArrayList<>();
        for (String threads : List.of("platform", "virtual")) {
            for (String m : MECHANISMS) {
                String name = m + "/" + threads;
                Path trace = work.resolve(m + "-" + threads + ".lct");
                String out = run(List.of(jdk + "/bin/java", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                        "-cp", classes, "AccuracyWorkload", m, threads, a, b, millis));
                Matcher h = Pattern.compile("holdNanos A=([0-9]+) B=([0-9]+)").matcher(out);
                if (!h.find()) {
                    throw new IllegalStateException(name + ": " + out);
                }
                double ha = Double.parseDouble(h.group(1)), hb = Double.parseDouble(h.group(2));
                double expectedB = 100 * hb / (ha + hb);
                // By owner chain: the release happens in the mechanism's lambda, called from holdA or holdB.
                String json = run(List.of(jdk + "/bin/lockstat", "report", "--by", "owner-chain", "--format", "json",
                        trace.toString()));
                double pa = percentOf(json, "AccuracyWorkload.holdA("), pb = percentOf(json, "AccuracyWorkload.holdB(");
                double unknown = percentOf(json, "<unknown owner>");
                // Shares among the known owners: what the expectation is about.
                double measuredB = pa + pb > 0 ? 100 * pb / (pa + pb) : 0;
                Result r = new Result(name, expectedB, pa, pb, unknown, Math.abs(measuredB - expectedB));
                results.add(r);
                System.out.printf(Locale.ROOT, "%-28s expected B %5.1f%%  measured A %5.1f%% B %5.1f%% unknown %4.1f%%  error %4.1f pp%n",
                        name, expectedB, pa, pb, unknown, r.errorPp());
                Files.deleteIfExists(trace);
            }
        }
        List<String> patterns = j9Patterns(jdk, classes, work, opt.getOrDefault("j9-threads", "32"), opt.getOrDefault("j9-millis", "6000"));
        write(Path.of(opt.getOrDefault("out", "bench")), results, patterns, a, b, millis);
    }

    /**
     * The J9 thesis's two patterns (seed 004, 5.2-5.3): each lock's average hold time (its J9 metric,
     * lockstat locks) against the critical section's length, and the bottleneck (largest blocked
     * thread time) against the expected lock. Returns table rows "| pattern | lock | expected ms |
     * avg hold ms | error % | blocked thread s | bottleneck |".
     */
    static List<String> j9Patterns(String jdk, String classes, Path work, String threads, String millis) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String pattern : List.of("large", "frequent")) {
            for (String mechanism : List.of("sync", "juc")) {
                Path trace = work.resolve(pattern + "-" + mechanism + ".lct");
                run(List.of(jdk + "/bin/java", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace, "-cp", classes,
                        "J9PatternsWorkload", pattern, mechanism, threads, millis));
                String json = run(List.of(jdk + "/bin/lockstat", "locks", "--format", "json", trace.toString()));
                long[] expected = pattern.equals("large") ? new long[] {4, 16, 64} : new long[] {32, 32};
                int bottleneck = pattern.equals("large") ? 3 : 1;
                double[] hold = new double[expected.length + 1], threadTime = new double[expected.length + 1];
                Matcher row = Pattern.compile("\\{\"lock\": [^\\n]*?\"blockedThreadTimeNanos\": ([0-9.]+)[^\\n]*?"
                        + "\"avgHoldNanos\": ([0-9.]+)[^\\n]*?\"firstChain\": \"[^\"]*?J9PatternsWorkload\\.section([0-9])\\(").matcher(json);
                while (row.find()) {
                    int section = Integer.parseInt(row.group(3));
                    if (section <= expected.length && threadTime[section] < Double.parseDouble(row.group(1))) {
                        threadTime[section] = Double.parseDouble(row.group(1));   // the lock's main row
                        hold[section] = Double.parseDouble(row.group(2));
                    }
                }
                int worst = 1;
                for (int i = 1; i <= expected.length; i++) {
                    if (threadTime[i] > threadTime[worst]) {
                        worst = i;
                    }
                }
                for (int i = 1; i <= expected.length; i++) {
                    double err = 100 * Math.abs(hold[i] / 1e6 - expected[i - 1]) / expected[i - 1];
                    String line = String.format(Locale.ROOT, "| %s/%s | lock %d | %d | %.2f | %s%.1f%s | %.1f | %s |", pattern, mechanism, i,
                            expected[i - 1], hold[i] / 1e6, err > 7 ? "**" : "", err, err > 7 ? "**" : "", threadTime[i] / 1e9,
                            i == worst ? (i == bottleneck ? "yes (expected)" : "**yes (expected lock " + bottleneck + ")**") : "");
                    rows.add(line);
                    System.out.println(line);
                }
                Files.deleteIfExists(trace);
            }
        }
        return rows;
    }

    static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
        }
        return out;
    }

    static double percentOf(String json, String keyPart) {
        Matcher m = Pattern.compile("\"key\"\\s*:\\s*\"[^\"]*" + Pattern.quote(keyPart)
                + "[^\"]*\"[^}]*?\"percent\"\\s*:\\s*([0-9.]+)").matcher(json);
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
        }
        return sum;
    }

    static void write(Path out, List<Result> results, List<String> patterns, String a, String b, String millis) throws Exception {
        Files.createDirectories(out);
        StringBuilder md = new StringBuilder("# Accuracy against ground truth\n\n");
        md.append(String.format(Locale.ROOT, "%s, %d CPUs. Each workload: 4 threads on one lock, two hold it %s ms in "
                + "holdA, two %s ms in holdB, for %s ms. Expected: holdB's share of the hold time the workload measured; "
                + "measured: holdB's share of the blocked time lockstat attributes to owner chains through holdA and holdB "
                + "(`lockstat report --by owner-chain`). Target: within 5 percentage points.%n%n",
                ZonedDateTime.now(), Runtime.getRuntime().availableProcessors(), a, b, millis));
        md.append("| workload | expected holdB | measured holdA | measured holdB | unknown owner | error (pp) |\n|---|--:|--:|--:|--:|--:|\n");
        StringBuilder json = new StringBuilder("{\n  \"date\": \"" + ZonedDateTime.now() + "\",\n  \"cpus\": "
                + Runtime.getRuntime().availableProcessors() + ",\n  \"workloads\": {\n");
        for (int i = 0; i < results.size(); i++) {
            Result r = results.get(i);
            md.append(String.format(Locale.ROOT, "| %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %s%.1f%s |%n", r.name(), r.expectedB(),
                    r.measuredA(), r.measuredB(), r.unknown(), r.errorPp() > 5 ? "**" : "", r.errorPp(), r.errorPp() > 5 ? "**" : ""));
            json.append(String.format(Locale.ROOT, "    \"%s\": {\"expectedHoldBPercent\": %.2f, \"measuredHoldAPercent\": %.2f, "
                    + "\"measuredHoldBPercent\": %.2f, \"unknownOwnerPercent\": %.2f, \"errorPp\": %.2f}%s%n", r.name(), r.expectedB(),
                    r.measuredA(), r.measuredB(), r.unknown(), r.errorPp(), i + 1 < results.size() ? "," : ""));
        }
        json.append("  }\n}\n");
        long within = results.stream().filter(r -> r.errorPp() <= 5).count();
        md.append(String.format(Locale.ROOT, "%n%d of %d workloads within 5 pp.%n", within, results.size()));
        md.append("\n## The J9 thesis's patterns (seed 004, section 5)\n\nLarge critical section: 3 locks taken in turn, "
                + "4/16/64 ms. Frequently acquired: 2 locks of 32 ms, the first chosen 3 times in 4. 32 threads; average hold "
                + "time is the thesis's metric (`lockstat locks`); the thesis reached at most 7% error; the bottleneck is the "
                + "lock with the largest blocked thread time.\n\n| pattern | lock | expected hold ms | avg hold ms | error % | "
                + "blocked thread s | bottleneck |\n|---|---|--:|--:|--:|--:|---|\n");
        patterns.forEach(r -> md.append(r).append('\n'));
        md.append("\nThe thesis's average hold time is the lock's blocked real time divided by the times it blocked. It is the "
                + "critical section's length while the lock is saturated and every hold ends one blocking (the large pattern; "
                + "the frequent j.u.c. lock, whose threads park again after every lost race). A monitor's contention can span "
                + "several holds when owners barge, and a rarely contended lock's blocked intervals start in the middle of a "
                + "hold: there it is no hold time (the thesis itself reports 25.72 ms for its 32 ms lock 2). Exact hold times "
                + "from the owner parts the analysis already has would fix it.\n");
        md.append("\nReproduce: `make bench-accuracy`.\n");
        json.setLength(json.length() - "  }\n}\n".length());
        json.append("  },\n  \"j9Patterns\": [\n");
        for (int i = 0; i < patterns.size(); i++) {
            String[] c = patterns.get(i).replace("*", "").split("\\|");
            json.append(String.format(Locale.ROOT, "    {\"pattern\": \"%s\", \"lock\": \"%s\", \"expectedHoldMillis\": %s, "
                    + "\"avgHoldMillis\": %s, \"errorPercent\": %s, \"blockedThreadSeconds\": %s, \"bottleneck\": %b}%s%n",
                    c[1].trim(), c[2].trim(), c[3].trim(), c[4].trim(), c[5].trim(), c[6].trim(), !c[7].isBlank(),
                    i + 1 < patterns.size() ? "," : ""));
        }
        json.append("  ]\n}\n");
        Files.writeString(out.resolve("ACCURACY.md"), md);
        Files.writeString(out.resolve("accuracy.json"), json);
        System.out.print(md);
    }
}
