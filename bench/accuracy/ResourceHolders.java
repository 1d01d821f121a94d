import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Waits for resources against measured truth (issue 41, item 2): a HikariCP pool over H2, a Semaphore and
 * a bounded ArrayBlockingQueue (bench/realworld's ResourceHoldersWorkload), each with two call sites of
 * about 1 and 4 ms. Expected: each site's share of the blame the workload computes from its own log of
 * waits, holds and takes; measured: the site's share of the blocked time `lockstat report --by owner-chain`
 * attributes to the two sites; and how much of the time the workload measured inside getConnection,
 * acquire or put the report's headline holds as resource waits.
 */
final class ResourceHolders {
    static final double TARGET_PP = 5, TARGET_HEADLINE = 90;
    static final String[][] SITES = {
            {"pool", "shortSite(", "longSite("},
            {"semaphore", "shortPermit(", "longPermit("},
            {"queue", "consumeShort(", "consumeLong("}};

    private ResourceHolders() {}

    /**
     * Table rows "| resource | expected short/long % | measured short/long % | error (pp) | headline % |";
     * keep: a directory each trace is moved to (null: deleted).
     */
    static List<String> run(String jdk, String classpath, Path work, int seconds, Path keep) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String[] s : SITES) {
            String mode = s[0];
            Path trace = work.resolve("resource-" + mode + ".lct");
            String out = AccuracySuite.run(List.of(jdk + "/bin/java", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                    "-cp", classpath, "bench.realworld.ResourceHoldersWorkload", mode, String.valueOf(seconds * 1000)));
            Matcher m = Pattern.compile("truth short=([0-9.]+) long=([0-9.]+) waited=([0-9.]+)").matcher(out);
            if (!m.find()) {
                throw new IllegalStateException("ResourceHoldersWorkload printed no truth:\n" + out);
            }
            double expected = Double.parseDouble(m.group(1)), waitedMillis = Double.parseDouble(m.group(3));
            String chains = AccuracySuite.run(List.of(jdk + "/bin/lockstat", "report", "--by", "owner-chain", "--format", "json",
                    "--top", "100000", trace.toString()));
            double shortPart = AccuracySuite.percentOf(chains, s[1], false), longPart = AccuracySuite.percentOf(chains, s[2], false);
            double measured = 100 * shortPart / (shortPart + longPart);
            String groups = AccuracySuite.run(List.of(jdk + "/bin/lockstat", "report", "--by", "group", "--format", "json",
                    trace.toString()));
            Matcher g = Pattern.compile("\"key\": \"resource\", \"totalNanos\": ([0-9]+)").matcher(groups);
            double headline = g.find() ? 100 * Long.parseLong(g.group(1)) / 1e6 / waitedMillis : 0;
            double err = Math.abs(measured - expected);
            String line = String.format(Locale.ROOT, "| %s | %.1f / %.1f | %.1f / %.1f | %s%.1f%s | %s%.1f%s |", mode, expected,
                    100 - expected, measured, 100 - measured, err > TARGET_PP ? "**" : "", err, err > TARGET_PP ? "**" : "",
                    headline < TARGET_HEADLINE ? "**" : "", headline, headline < TARGET_HEADLINE ? "**" : "");
            rows.add(line);
            System.out.println(line);
            if (keep != null) {
                Files.createDirectories(keep);
                Files.move(trace, keep.resolve(trace.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(trace);
            }
        }
        return rows;
    }
}
