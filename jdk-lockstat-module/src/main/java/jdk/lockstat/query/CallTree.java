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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Frame;

/**
 * Call chains merged frame by frame into one tree weighted by nanoseconds, as profilers show stacks: the
 * call tree and the flame graph of a drill-down node's blocked chains or owner chains
 * ({@link DrillDetail#chains()}, {@link DrillDetail#ownerChains()}).
 *
 * <p>{@link Direction#TOP_DOWN}: the roots are the outermost frames (Thread.run, ...), each path ends at the
 * frame where the thread blocked or released the lock. {@link Direction#BOTTOM_UP}: the roots are those
 * innermost frames, their children their callers. Unless all frames are asked for, a chain starts at its
 * first frame outside the locking mechanism ({@link CallChain#mechanismFrames()}), as everywhere in the
 * viewer. Frames are told apart by method ({@code Class.method}), or by method and line. A key that is no
 * chain with known frames ({@code <unknown owner>}, {@code <unknown chain>}) is a root of its own, so the
 * tree's total is the sum of the entries' nanoseconds.
 *
 * <p>A node's total is the time of the chains through it; its self time the part of that in which its
 * frame is the innermost one shown (where the thread blocked, or released the lock): top-down, the chains
 * that end at the node; bottom-up, all of a root's time and none of a caller's.
 */
public final class CallTree {
    /** Which end of the chains the roots are. */
    public enum Direction {
        /** Roots are the outermost frames; paths end where the thread blocked or released the lock. */
        TOP_DOWN,
        /** Roots are the innermost frames (the blocking or releasing method); children are callers. */
        BOTTOM_UP
    }

    /** One frame on one path of the tree. */
    public static final class Node {
        private final Node parent;
        private final String frame;
        private final int depth;
        private boolean mechanism;
        private long totalNanos;
        private long selfNanos;
        private Map<String, Node> children;
        private List<Node> sorted;

        Node(Node parent, String frame) {
            this.parent = parent;
            this.frame = frame;
            this.depth = parent == null ? 0 : parent.depth + 1;
        }

        Node add(String name) {
            if (children == null) {
                children = new LinkedHashMap<>();
            }
            sorted = null;
            return children.computeIfAbsent(name, n -> new Node(this, n));
        }

        /** The root's parent is null. */
        public Node parent() {
            return parent;
        }

        /** The frame as text ({@code Class.method}, or with {@code (File.java:line)}); "all" for the root. */
        public String frame() {
            return frame;
        }

        /** 0 for the root, 1 for the top-level frames. */
        public int depth() {
            return depth;
        }

        /** The frame belongs to the locking mechanism (only shown when all frames are asked for). */
        public boolean mechanism() {
            return mechanism;
        }

        public long totalNanos() {
            return totalNanos;
        }

        public long selfNanos() {
            return selfNanos;
        }

        /** Children, largest total first (then by frame). */
        public List<Node> children() {
            if (children == null) {
                return List.of();
            }
            if (sorted == null) {
                List<Node> list = new ArrayList<>(children.values());
                list.sort((a, b) -> a.totalNanos != b.totalNanos ? Long.compare(b.totalNanos, a.totalNanos)
                        : a.frame.compareTo(b.frame));
                sorted = Collections.unmodifiableList(list);
            }
            return sorted;
        }

        /** The child with exactly this frame, or null. */
        public Node child(String frameText) {
            return children == null ? null : children.get(frameText);
        }

        /** Share of the whole tree's total, in percent. */
        public double percent() {
            Node root = this;
            while (root.parent != null) {
                root = root.parent;
            }
            return root.totalNanos == 0 ? 0 : 100.0 * totalNanos / root.totalNanos;
        }

        /** The frames from the top level down to this node. */
        public List<String> path() {
            List<String> path = new ArrayList<>(depth);
            for (Node n = this; n.parent != null; n = n.parent) {
                path.add(n.frame);
            }
            Collections.reverse(path);
            return path;
        }

        @Override
        public String toString() {
            return frame;
        }
    }

    private final Direction direction;
    private final Node root = new Node(null, "all");
    private int maxDepth;

    private CallTree(Direction direction) {
        this.direction = direction;
    }

    /**
     * The tree of these chains (keys as in {@link DrillDetail.Entry}: call chains or unknown markers),
     * each weighted by its entry's nanoseconds.
     *
     * @param allFrames keep the frames of the locking mechanism (Unsafe.park, LockSupport, AQS, ...)
     * @param lines tell frames apart by line too ({@code Class.method(File.java:line)}), not by method only
     */
    public static CallTree of(List<DrillDetail.Entry> chains, Direction direction, boolean allFrames, boolean lines) {
        CallTree tree = new CallTree(direction);
        for (DrillDetail.Entry e : chains) {
            if (e.nanos() > 0) {
                tree.add(e.key(), e.nanos(), allFrames, lines);
            }
        }
        return tree;
    }

    private void add(Object key, long nanos, boolean allFrames, boolean lines) {
        root.totalNanos += nanos;
        ChainRef chain = key instanceof ChainRef c && c.frames() != null && !c.frames().isEmpty() ? c : null;
        if (chain == null) {
            Node n = root.add(String.valueOf(key));
            n.totalNanos += nanos;
            n.selfNanos += nanos;
            maxDepth = Math.max(maxDepth, 1);
            return;
        }
        List<Frame> frames = chain.frames();
        int mechanism = chain.mechanismFrames();
        int first = allFrames ? 0 : mechanism;   // innermost frame shown
        int shown = frames.size() - first;
        Node n = root;
        for (int i = 0; i < shown; i++) {
            int at = direction == Direction.TOP_DOWN ? frames.size() - 1 - i : first + i;
            Frame f = frames.get(at);
            n = n.add(lines ? f.toString() : String.valueOf(f.method()));
            n.totalNanos += nanos;
            n.mechanism |= at < mechanism;
            if (at == first) {
                n.selfNanos += nanos;
            }
        }
        maxDepth = Math.max(maxDepth, shown);
    }

    public Direction direction() {
        return direction;
    }

    /** The root ("all"): its total is the sum of all chains' nanoseconds, its children the top level. */
    public Node root() {
        return root;
    }

    public long totalNanos() {
        return root.totalNanos;
    }

    /** The number of levels below the root. */
    public int depth() {
        return maxDepth;
    }

    /** The node at the end of this path of frames from the top level, or null. */
    public Node find(List<String> path) {
        Node n = root;
        for (String f : path) {
            n = n.child(f);
            if (n == null) {
                return null;
            }
        }
        return n;
    }

    /**
     * The nanoseconds under {@code from} in frames that contain the text (ignoring case), each chain counted
     * once: the sum of the totals of the matching nodes that have no matching ancestor below {@code from}
     * ({@code from} itself included). What a flame graph's search reports as matched.
     */
    public static long matchingNanos(Node from, String text) {
        if (text == null || text.isBlank()) {
            return 0;
        }
        String needle = text.trim().toLowerCase(Locale.ROOT);
        return matching(from, needle);
    }

    private static long matching(Node n, String needle) {
        if (n.parent != null && n.frame.toLowerCase(Locale.ROOT).contains(needle)) {
            return n.totalNanos;
        }
        long sum = 0;
        for (Node c : n.children()) {
            sum += matching(c, needle);
        }
        return sum;
    }
}
