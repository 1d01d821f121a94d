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

    /** The call chain a node stands for (its first key), or null. */
    static CallChain chain(DrillNode node) {
        return node.keys().isEmpty() ? null : CallChain.of(node.keys().iterator().next());
    }

    /**
     * A chain's frames, one per line, innermost first, like a stack trace; unless allFrames, from the first
     * frame outside the locking mechanism, after a line saying how many frames are not shown.
     */
    static String chainLines(Object key, String indent, boolean allFrames) {
        CallChain c = CallChain.of(key);
        if (c == null) {
            return indent + key + "\n";
        }
        StringBuilder sb = new StringBuilder();
        List<String> shown = c.frames(allFrames);
        int hidden = c.frames().size() - shown.size();
        if (hidden > 0) {
            sb.append(indent).append("\u2026 ").append(hidden).append(hidden == 1 ? " frame" : " frames")
                    .append(" of the locking mechanism (").append(c.frames().get(0)).append(" \u2026)\n");
        }
        for (String f : shown) {
            sb.append(indent).append("at ").append(f).append('\n');
        }
        return sb.toString();
    }
}
