package jdk.lockstat.viewer;

import java.util.List;
import java.util.Locale;

import jdk.lockstat.internal.analysis.ChainRef;
import jdk.lockstat.internal.analysis.Frame;

/** How the viewer writes durations and call chains. */
final class Texts {
    private Texts() {}

    static String millis(double nanos) {
        return String.format(Locale.ROOT, "%,.3f ms", nanos / 1e6);
    }

    static String seconds(double nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    static String percent(double p) {
        return String.format(Locale.ROOT, "%.2f%%", p);
    }

    /**
     * A key for the tree's first column: a long call chain ("a &lt;- b &lt;- c &lt;- ...") keeps its first
     * frames and says how many more there are, e.g. "a &lt;- b [+7]".
     */
    static String shortKey(String text, int frames) {
        String[] parts = text.split(" <- ");
        if (parts.length <= frames) {
            return text;
        }
        return String.join(" <- ", List.of(parts).subList(0, frames)) + " [+" + (parts.length - frames) + "]";
    }

    /**
     * The key column's text for a node: a call chain starts at its first frame outside the locking
     * mechanism ("… " marks the frames skipped; the detail view has them all) and shows CHAIN_FRAMES
     * frames, then "[+n]".
     */
    static String nodeKey(jdk.lockstat.internal.analysis.DrillNode node, int frames) {
        Object key = node.keys().isEmpty() ? null : node.keys().iterator().next();
        if (key instanceof ChainRef c && c.frames() != null && !c.frames().isEmpty()) {
            int skip = c.mechanismFrames();
            List<Frame> shown = c.frames().subList(skip, Math.min(c.frames().size(), skip + frames));
            StringBuilder sb = new StringBuilder(skip > 0 ? "… " : "");
            for (Frame f : shown) {
                sb.append(sb.length() > 2 ? " <- " : "").append(f);
            }
            int more = c.frames().size() - skip - shown.size();
            return more > 0 ? sb + " [+" + more + "]" : sb.toString();
        }
        return shortKey(node.text(), frames);
    }

    /** A chain's frames, one per line, innermost first, like a stack trace. */
    static String chainLines(Object key, String indent) {
        if (!(key instanceof ChainRef c) || c.frames() == null || c.frames().isEmpty()) {
            return indent + key + "\n";
        }
        StringBuilder sb = new StringBuilder();
        for (Frame f : c.frames()) {
            sb.append(indent).append("at ").append(f).append('\n');
        }
        return sb.toString();
    }
}
