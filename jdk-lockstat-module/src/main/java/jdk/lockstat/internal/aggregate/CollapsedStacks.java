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

package jdk.lockstat.internal.aggregate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.Unknown;

/**
 * Flame graph input: nanoseconds per call chain, in the "collapsed stacks" format of flamegraph.pl and
 * speedscope (root frame first, frames separated by ';', then a space and the weight). Either the
 * blocked threads' chains (where threads waited) or, per owner part, the owners' chains (where the lock
 * was held while others waited). Chains start at their first frame outside the locking mechanism unless
 * allFrames ({@link ChainRef#frames(boolean)}), so chains that differ only in those frames are one
 * stack. Counted by chain object and rendered at the end, when the metadata is complete. After-wait
 * contentions are left out, as in the report's main tree.
 */
public final class CollapsedStacks implements ContentionSink {
    private final boolean owners;
    private final boolean allFrames;
    private final Map<Object, Long> nanosByChain = new HashMap<>();

    /** The blocked chains, or the owners' chains; chains from their first frame outside the mechanism. */
    public CollapsedStacks(boolean owners) {
        this(owners, false);
    }

    public CollapsedStacks(boolean owners, boolean allFrames) {
        this.owners = owners;
        this.allFrames = allFrames;
    }

    @Override
    public void accept(Contention c) {
        if (c.afterWait()) {
            return;
        }
        long w = c.weight();   // a sampled trace's estimates
        if (!owners) {
            add(c.chain() != null ? c.chain() : Unknown.CHAIN, c.nanos() * w);
            return;
        }
        if (c.parts().isEmpty()) {
            add(Unknown.OWNER, c.nanos() * w);   // as the report: a contention without owner parts is unknown owner's
        }
        for (OwnerPart p : c.parts()) {
            add(p.owner() == null ? p.unownedKey() : p.chain() != null ? p.chain() : Unknown.CHAIN, p.nanos() * w);
        }
    }

    private void add(Object chain, long nanos) {
        if (nanos > 0) {
            nanosByChain.merge(chain, nanos, Long::sum);
        }
    }

    /**
     * Nanoseconds per stack, a stack being its frame names ("Class.method", or an unknown marker) root
     * first; stacks in their collapsed text's order.
     */
    public Map<List<String>, Long> stacks() {
        Map<String, List<String>> byText = new TreeMap<>();
        Map<String, Long> nanosByText = new HashMap<>();
        nanosByChain.forEach((chain, nanos) -> {
            List<String> stack = stack(chain);
            String text = String.join(";", stack);
            byText.putIfAbsent(text, stack);
            nanosByText.merge(text, nanos, Long::sum);
        });
        Map<List<String>, Long> result = new LinkedHashMap<>();
        byText.forEach((text, stack) -> result.put(stack, nanosByText.get(text)));
        return result;
    }

    /** Lines "frame;frame;frame nanos", sorted by stack. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        stacks().forEach((stack, nanos) -> lines.add(String.join(";", stack) + " " + nanos));
        return lines;
    }

    private List<String> stack(Object chain) {
        List<Frame> frames = chain instanceof ChainRef c ? c.frames(allFrames) : null;
        if (frames == null || frames.isEmpty()) {
            return List.of(frameName(String.valueOf(chain)));
        }
        List<String> stack = new ArrayList<>(frames.size());
        for (int i = frames.size() - 1; i >= 0; i--) {
            stack.add(frameName(frames.get(i).method().toString()));
        }
        return stack;
    }

    /** The format separates frames by ';' (the weight goes after the last space, so spaces are fine). */
    private static String frameName(String s) {
        return s.replace(';', ':');
    }
}
