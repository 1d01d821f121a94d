/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.viewer;

import java.util.List;
import java.util.Locale;

import jdk.lockstat.query.CallChain;
import jdk.lockstat.query.DrillNode;

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
    static String nodeKey(DrillNode node, int frames) {
        Object key = node.keys().isEmpty() ? null : node.keys().iterator().next();
        CallChain c = CallChain.of(key);
        if (c != null) {
            int skip = c.mechanismFrames();
            List<String> shown = c.frames().subList(skip, Math.min(c.frames().size(), skip + frames));
            StringBuilder sb = new StringBuilder(skip > 0 ? "… " : "");
            for (String f : shown) {
                sb.append(sb.length() > 2 ? " <- " : "").append(f);
            }
            int more = c.frames().size() - skip - shown.size();
            return more > 0 ? sb + " [+" + more + "]" : sb.toString();
        }
        return shortKey(node.text(), frames);
    }

    /** A chain's frames, one per line, innermost first, like a stack trace. */
    static String chainLines(Object key, String indent) {
        CallChain c = CallChain.of(key);
        if (c == null) {
            return indent + key + "\n";
        }
        StringBuilder sb = new StringBuilder();
        for (String f : c.frames()) {
            sb.append(indent).append("at ").append(f).append('\n');
        }
        return sb.toString();
    }
}
