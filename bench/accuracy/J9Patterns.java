import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The J9 park-contention thesis's two bottleneck patterns (J9PatternsWorkload), checked with lockstat locks. */
final class J9Patterns {
    private J9Patterns() {}

    /**
     * The J9 thesis's two patterns (seed 004, 5.2-5.3): each lock's average hold time (its J9 metric,
     * lockstat locks) against the critical section's length, and the bottleneck (largest blocked
     * thread time) against the expected lock. Returns table rows "| pattern | lock | expected ms |
     * avg hold ms | error % | blocked thread s | bottleneck |".
     */
    static List<String> run(String jdk, String classes, Path work, String threads, String millis) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String pattern : List.of("large", "frequent")) {
            for (String mechanism : List.of("sync", "juc")) {
                Path trace = work.resolve(pattern + "-" + mechanism + ".lct");
                AccuracySuite.run(List.of(jdk + "/bin/java", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace, "-cp", classes,
                        "J9PatternsWorkload", pattern, mechanism, threads, millis));
                String json = AccuracySuite.run(List.of(jdk + "/bin/lockstat", "locks", "--format", "json", trace.toString()));
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

}
