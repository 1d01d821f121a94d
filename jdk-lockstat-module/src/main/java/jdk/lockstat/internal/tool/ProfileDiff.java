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

package jdk.lockstat.internal.tool;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jdk.lockstat.internal.query.PprofReader;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.DurationHistogram;
import jdk.lockstat.query.ReportNode;

/**
 * lockstat diff of two pprof profiles that LockStat wrote (lockstat export, jcmd LockStat.report
 * format=pprof, two intervals of the periodic profiles): what a fleet keeps when it keeps no traces. A
 * profile holds one side's stacks with the labels PprofProfile writes, so the aspects are those labels
 * (group, lock-class, lock, thread, owner-thread) and the side's chain and method: owner-chain and
 * owner-method in an owner-side profile, chain and method in a blocked-side one. Contentions count once in
 * every sample they gave time to (per owner thread, per owner chain), so counts can exceed a trace's.
 */
final class ProfileDiff {
    private ProfileDiff() {}

    /** Whether the file starts as a gzip'd profile does (a trace never does). */
    static boolean isProfile(Path file) throws ToolException {
        try (InputStream in = Files.newInputStream(file)) {
            return PprofReader.looksLikeProfile(in.readNBytes(2));
        } catch (IOException e) {
            throw new ToolException("cannot read " + file + ": " + e.getMessage(), 1);
        }
    }

    static PprofReader.Profile read(Path file) throws ToolException {
        try (InputStream in = Files.newInputStream(file)) {
            return PprofReader.read(in);
        } catch (IllegalArgumentException e) {
            throw new ToolException(file + ": " + e.getMessage(), 1);
        } catch (java.io.EOFException e) {
            throw new ToolException(file + ": the gzip'd profile is cut short", 1);
        } catch (IOException e) {
            throw new ToolException("cannot read " + file + ": " + e.getMessage(), 1);
        }
    }

    /** Both profiles, of one side. */
    static List<PprofReader.Profile> pair(List<Path> files) throws ToolException {
        List<PprofReader.Profile> profiles = List.of(read(files.get(0)), read(files.get(1)));
        if (profiles.get(0).ownerSide() != profiles.get(1).ownerSide()) {
            throw new ToolException(files.get(0) + " is " + side(profiles.get(0)) + " profile and " + files.get(1) + " "
                    + side(profiles.get(1)) + " one: diff compares profiles of one side", 2);
        }
        return profiles;
    }

    private static String side(PprofReader.Profile p) {
        return p.ownerSide() ? "an owner-side" : "a blocked-side";
    }

    /** The aspects a diff of these profiles defaults to: the lock's class, then the side's method. */
    static String defaultAspects(PprofReader.Profile p) {
        return p.ownerSide() ? DiffCommand.DEFAULT_ASPECTS : "lock-class,method";
    }

    /** The label or stack part that gives each aspect's key, in a profile of this side. */
    static Map<Aspect, String> keys(boolean ownerSide) {
        Map<Aspect, String> m = new EnumMap<>(Aspect.class);
        m.put(Aspect.GROUP, "group");
        m.put(Aspect.LOCK_CLASS, "lock-class");
        m.put(Aspect.LOCK, "lock");
        m.put(Aspect.THREAD, "blocked-thread");
        m.put(Aspect.OWNER_THREAD, "owner-thread");
        m.put(ownerSide ? Aspect.OWNER_METHOD : Aspect.METHOD, METHOD);
        m.put(ownerSide ? Aspect.OWNER_CHAIN : Aspect.CHAIN, CHAIN);
        return m;
    }

    private static final String METHOD = "\0method", CHAIN = "\0chain";

    /** Refuses an aspect the profiles do not carry, naming those they do. */
    static void check(List<Aspect> aspects, PprofReader.Profile p) throws ToolException {
        Map<Aspect, String> keys = keys(p.ownerSide());
        for (Aspect a : aspects) {
            if (!keys.containsKey(a)) {
                throw new ToolException("--by " + a.displayName() + ": " + side(p) + " profile has only "
                        + String.join(", ", keys.keySet().stream().map(Aspect::displayName).toList()), 2);
            }
        }
    }

    /** A profile aggregated by the aspects: each sample's time and contentions under its keys, as a report's tree. */
    static ReportNode tree(PprofReader.Profile p, List<Aspect> aspects) {
        Map<Aspect, String> keys = keys(p.ownerSide());
        Node root = new Node("all");
        for (PprofReader.Sample s : p.samples()) {
            Node n = root;
            n.add(s);
            for (Aspect a : aspects) {
                String k = key(s, keys.get(a));
                n = n.children.computeIfAbsent(k, Node::new);
                n.add(s);
            }
        }
        return root.snapshot();
    }

    private static String key(PprofReader.Sample s, String which) {
        if (which.equals(METHOD)) {
            return s.functions().isEmpty() ? "<unknown chain>" : s.functions().get(0);
        }
        if (which.equals(CHAIN)) {
            return s.frames().isEmpty() ? "<unknown chain>" : String.join(" <- ", s.frames());
        }
        return s.labels().getOrDefault(which, "<unknown>");
    }

    /** The profile's stacks, root first as flame graphs take them, in nanoseconds per second of its duration. */
    static Map<List<String>, Long> stacksPerSecond(PprofReader.Profile p) {
        Map<String, List<String>> byText = new TreeMap<>();
        Map<String, Long> nanos = new LinkedHashMap<>();
        for (PprofReader.Sample s : p.samples()) {
            List<String> stack = new ArrayList<>(s.functions().size());
            for (int i = s.functions().size() - 1; i >= 0; i--) {
                stack.add(s.functions().get(i).replace(';', ':'));   // CollapsedStacks' frame names
            }
            String text = String.join(";", stack);
            byText.putIfAbsent(text, stack);
            nanos.merge(text, s.nanos(), Long::sum);
        }
        Map<List<String>, Long> r = new LinkedHashMap<>();
        byText.forEach((text, stack) -> r.put(stack, nanos.get(text)));
        return DiffCommand.perSecond(r, p.durationNanos());
    }

    private static final class Node {
        final String key;
        long nanos, count;
        final Map<String, Node> children = new LinkedHashMap<>();
        final DurationHistogram durations = new DurationHistogram();

        Node(String key) {
            this.key = key;
        }

        void add(PprofReader.Sample s) {
            nanos += s.nanos();
            count += s.contentions();
        }

        ReportNode snapshot() {
            List<ReportNode> kids = children.values().stream().map(Node::snapshot)
                    .sorted(Comparator.comparingLong(ReportNode::totalNanos).reversed()).toList();
            return new ReportNode(key, nanos, count, 0, durations, kids);
        }
    }
}
