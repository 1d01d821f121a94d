package bench.realworld;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import net.sourceforge.pmd.PMDConfiguration;
import net.sourceforge.pmd.PmdAnalysis;
import net.sourceforge.pmd.lang.document.FileId;
import net.sourceforge.pmd.lang.rule.RuleSet;
import net.sourceforge.pmd.reporting.Report;
import net.sourceforge.pmd.reporting.RuleViolation;

/**
 * DaCapo pmd: PMD 7.27.0 analyses Java sources with a set of rules from many threads, as DaCapo's
 * pmd analyses a set of Java files. Setup generates, from a fixed seed, 20 Java classes (about
 * 170 lines each: fields, constructors, loops, string building, collections, exception handling,
 * with the usual slips: unused imports and locals, empty catch blocks, missing braces, == on
 * strings, ...) and loads PMD's quickstart ruleset (rulesets/java/quickstart.xml, 122 rules)
 * once. One iteration runs one PMD analysis of the 20 files with PMD's own thread pool of `threads`
 * threads (one task per file from its queue, rules copied per thread, one type system shared by the
 * threads); the digest sums the violations (rule, file, line) and counts them (439 of 14 rules per
 * iteration), which does not depend on the order the files are done in.
 */
final class PmdWorkload implements Workload {
    static final int FILES = 20;
    private final List<String> sources = new ArrayList<>();
    private final RuleSet rules;

    PmdWorkload() {
        Random rnd = new Random(11);
        for (int f = 0; f < FILES; f++) {
            sources.add(source(f, rnd));
        }
        PMDConfiguration config = new PMDConfiguration();
        try (PmdAnalysis pmd = PmdAnalysis.create(config)) {
            rules = pmd.newRuleSetLoader().loadFromResource("rulesets/java/quickstart.xml");
        }
    }

    @Override
    public int unitsPerIteration() {
        return FILES;
    }

    @Override
    public long iterate(int threads) throws Exception {
        PMDConfiguration config = new PMDConfiguration();
        config.setThreads(threads);
        config.setIgnoreIncrementalAnalysis(true);
        try (PmdAnalysis pmd = PmdAnalysis.create(config)) {
            pmd.addRuleSet(rules);
            for (int f = 0; f < FILES; f++) {
                pmd.files().addSourceFile(FileId.fromPathLikeString("gen/Gen" + f + ".java"), sources.get(f));
            }
            Report report = pmd.performAnalysisAndCollectReport();
            if (!report.getProcessingErrors().isEmpty() || !report.getConfigurationErrors().isEmpty()) {
                throw new IllegalStateException("PMD errors: " + report.getProcessingErrors() + " " + report.getConfigurationErrors());
            }
            long digest = 0;
            for (RuleViolation v : report.getViolations()) {
                digest += v.getRule().getName().hashCode() * 31L + v.getFileId().getFileName().hashCode() + v.getBeginLine();
            }
            return digest * 1_000 + report.getViolations().size();
        }
    }

    /** A generated class: methods drawn from a few shapes, names and constants from the seed. */
    private static String source(int f, Random rnd) {
        StringBuilder s = new StringBuilder("package gen;\n\n");
        s.append("import java.util.ArrayList;\nimport java.util.HashMap;\nimport java.util.List;\nimport java.util.Map;\n")
         .append("import java.util.Set;\nimport java.io.IOException;\nimport java.io.Reader;\nimport java.io.BufferedReader;\n\n");
        s.append("/** Generated class ").append(f).append(". */\npublic class Gen").append(f).append(" {\n");
        s.append("    private static final int LIMIT = ").append(10 + rnd.nextInt(90)).append(";\n");
        s.append("    private int count;\n    private String name = \"gen").append(f).append("\";\n");
        s.append("    private final List<String> items = new ArrayList<>();\n");
        s.append("    private HashMap<String, Integer> index = new HashMap<>();\n");
        s.append("    private int unused").append(f).append(";\n\n");
        s.append("    public Gen").append(f).append("(String name) {\n        this.name = name;\n    }\n\n");
        for (int m = 0; m < 12; m++) {
            String id = "m" + m + "x" + rnd.nextInt(1_000);
            int k = 2 + rnd.nextInt(20);
            switch (rnd.nextInt(8)) {
                case 0 -> s.append("    public int ").append(id).append("(int[] values) {\n")
                        .append("        int sum = 0;\n        int unusedLocal = ").append(k).append(";\n")
                        .append("        for (int i = 0; i < values.length; i++) {\n")
                        .append("            if (values[i] > ").append(k).append(")\n                sum += values[i];\n")
                        .append("            else\n                sum -= 1;\n        }\n        return sum;\n    }\n\n");
                case 1 -> s.append("    public String ").append(id).append("(List<String> words) {\n")
                        .append("        String out = \"\";\n        for (String w : words) {\n")
                        .append("            if (w == \"stop\") {\n                break;\n            }\n")
                        .append("            out += w.toUpperCase() + \",\";\n        }\n        return out;\n    }\n\n");
                case 2 -> s.append("    public void ").append(id).append("(Reader in) {\n")
                        .append("        try {\n            BufferedReader r = new BufferedReader(in);\n")
                        .append("            String line;\n            while ((line = r.readLine()) != null) {\n")
                        .append("                items.add(line.trim());\n                count++;\n            }\n")
                        .append("        } catch (IOException e) {\n        }\n    }\n\n");
                case 3 -> s.append("    public boolean ").append(id).append("(String key) {\n")
                        .append("        if (index.containsKey(key) == true) {\n            return true;\n")
                        .append("        } else {\n            return false;\n        }\n    }\n\n");
                case 4 -> s.append("    public Map<String, Integer> ").append(id).append("() {\n")
                        .append("        Map<String, Integer> counts = new HashMap<String, Integer>();\n")
                        .append("        for (String item : items) {\n            Integer c = counts.get(item);\n")
                        .append("            if (c == null) {\n                counts.put(item, 1);\n            } else {\n")
                        .append("                counts.put(item, c + ").append(k).append(");\n            }\n        }\n")
                        .append("        return counts;\n    }\n\n");
                case 5 -> s.append("    private long ").append(id).append("(long n) {\n")
                        .append("        long a = 0, b = 1;\n        for (long i = 0; i < n % LIMIT; i++) {\n")
                        .append("            long t = a + b;\n            a = b;\n            b = t;\n        }\n")
                        .append("        return (a * ").append(k).append(");\n    }\n\n");
                case 6 -> s.append("    public synchronized void ").append(id).append("(Object o) {\n")
                        .append("        if (o instanceof String) {\n            String str = (String) o;\n")
                        .append("            if (str.length() > ").append(k).append(") {\n")
                        .append("                name = str.substring(0, ").append(k).append(");\n            }\n")
                        .append("        }\n        if (o == null) {\n            throw new RuntimeException(\"null\");\n        }\n    }\n\n");
                default -> s.append("    public List<Integer> ").append(id).append("(Set<Integer> set) {\n")
                        .append("        ArrayList<Integer> result = new ArrayList<Integer>();\n")
                        .append("        for (Integer v : set) {\n            if (v % ").append(k).append(" == 0) {\n")
                        .append("                result.add(new Integer(v));\n            }\n        }\n")
                        .append("        System.out.println(\"size \" + result.size());\n        return result;\n    }\n\n");
            }
        }
        s.append("    @Override\n    public String toString() {\n        return name + \":\" + count;\n    }\n}\n");
        return s.toString();
    }
}
