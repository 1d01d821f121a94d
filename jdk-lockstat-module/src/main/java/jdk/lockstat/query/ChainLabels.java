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

package jdk.lockstat.query;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Short labels for call chains shown side by side (the children of one drill-down node), innermost frame
 * first, frames separated by {@value #CALLED_FROM}. A chain starts at its first frame outside the locking
 * mechanism unless all frames are asked for; a leading {@value #SKIPPED} says frames were skipped there.
 *
 * <p>On its own a chain shows its first {@code frames} frames and how many more there are
 * ({@code a <- b <- c [+7]}). Among siblings that share more than those innermost frames, that would give
 * several equal labels; instead each shows its innermost frame, the number of frames after it that it shares
 * with the sibling closest to it, the first frame where it differs from that sibling, then how many more
 * there are: {@code writeBytes <- …10 shared… <- auditTrail [+4]}. The full chain is the node's text.
 */
public final class ChainLabels {
    /** Between a frame and its caller. */
    public static final String CALLED_FROM = " <- ";
    /** At the start of a label whose chain's innermost (locking-mechanism) frames are not shown. */
    public static final String SKIPPED = "\u2026 ";

    private ChainLabels() {}

    /** The label of a chain on its own: its first {@code frames} shown frames, then "[+n]". */
    public static String label(CallChain chain, int frames, boolean allFrames) {
        List<String> shown = shown(chain, allFrames);
        return prefix(chain, allFrames) + plain(shown, frames);
    }

    /**
     * Labels for sibling chains, in their order; null for a null chain (a key that is no call chain).
     * Each label tells its chain from every other chain in the list.
     */
    public static List<String> of(List<CallChain> chains, int frames, boolean allFrames) {
        int n = chains.size();
        List<List<String>> shown = new ArrayList<>(n);
        for (CallChain c : chains) {
            shown.add(c == null ? null : shown(c, allFrames));
        }
        int[] twin = new int[n];   // a sibling with the same shown frames, plus one; 0 if none
        List<String> core = labels(shown, frames, twin);
        List<String> labels = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            CallChain c = chains.get(i);
            if (c == null) {
                labels.add(null);
                continue;
            }
            String label = core.get(i);
            if (twin[i] > 0) {
                label += mechanismDifference(c, chains.get(twin[i] - 1));
            }
            labels.add(prefix(c, allFrames) + label);
        }
        return labels;
    }

    /**
     * The same labels for sibling chains given as their frames' texts, innermost first (a report's chain
     * keys split at {@value #CALLED_FROM}); null for a null entry.
     */
    public static List<String> ofFrames(List<List<String>> frames, int shownFrames) {
        return labels(frames, shownFrames, new int[frames.size()]);
    }

    private static List<String> labels(List<List<String>> shown, int frames, int[] twin) {
        int n = shown.size();
        // The longest common prefix of a chain with any other is the one with a neighbour in sorted order.
        Integer[] order = new Integer[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (shown.get(i) != null) {
                order[m++] = i;
            }
        }
        order = Arrays.copyOf(order, m);
        Arrays.sort(order, (a, b) -> compare(shown.get(a), shown.get(b)));
        int[] shared = new int[n];
        for (int k = 0; k + 1 < m; k++) {
            int a = order[k], b = order[k + 1];
            int common = commonPrefix(shown.get(a), shown.get(b));
            shared[a] = Math.max(shared[a], common);
            shared[b] = Math.max(shared[b], common);
            if (shown.get(a).equals(shown.get(b))) {
                twin[a] = b + 1;
                twin[b] = a + 1;
            }
        }
        List<String> labels = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<String> s = shown.get(i);
            if (s == null) {
                labels.add(null);
                continue;
            }
            int differs = Math.min(shared[i], s.size() - 1);   // the frame to show as where it differs
            if (differs < frames) {
                labels.add(plain(s, frames));
            } else {
                int more = s.size() - 1 - differs;
                labels.add(s.get(0) + CALLED_FROM + "\u2026" + (differs - 1) + " shared\u2026" + CALLED_FROM + s.get(differs)
                        + (more > 0 ? " [+" + more + "]" : ""));
            }
        }
        return labels;
    }

    /** The frames shown: all, or from the first one outside the locking mechanism (the one rule). */
    private static List<String> shown(CallChain c, boolean allFrames) {
        return c.frames(allFrames);
    }

    private static String prefix(CallChain c, boolean allFrames) {
        return !allFrames && c.mechanismFrames() > 0 ? SKIPPED : "";
    }

    private static String plain(List<String> s, int frames) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(frames, s.size()); i++) {
            sb.append(i > 0 ? CALLED_FROM : "").append(s.get(i));
        }
        int more = s.size() - Math.min(frames, s.size());
        return more > 0 ? sb + " [+" + more + "]" : sb.toString();
    }

    /** Two chains whose shown frames are equal differ in the hidden mechanism frames: name the first such. */
    private static String mechanismDifference(CallChain a, CallChain b) {
        List<String> fa = a.frames(), fb = b.frames();
        int i = commonPrefix(fa, fb);
        return i < fa.size() ? " (via " + fa.get(i) + ")" : "";
    }

    private static int commonPrefix(List<String> a, List<String> b) {
        int n = Math.min(a.size(), b.size()), i = 0;
        while (i < n && a.get(i).equals(b.get(i))) {
            i++;
        }
        return i;
    }

    private static int compare(List<String> a, List<String> b) {
        int i = commonPrefix(a, b);
        if (i < a.size() && i < b.size()) {
            return a.get(i).compareTo(b.get(i));
        }
        return Integer.compare(a.size(), b.size());
    }
}
