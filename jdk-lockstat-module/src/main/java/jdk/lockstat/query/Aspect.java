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
import java.util.List;
import java.util.Locale;


/**
 * What contentions can be told apart by (paper 4.2). Blocked-side aspects key a contention as a whole;
 * owner-side aspects key each owner part, so a contention spanning several owners is split among them.
 * What each aspect keys by is described by {@code lockstat help aspects}; the engine computes the keys.
 */
public enum Aspect {
    GROUP("group", false),
    LOCK_CLASS("lock-class", false),
    LOCK("lock", false),
    THREAD("thread", false),
    METHOD("method", false),
    CHAIN("chain", false),
    /** The blocked chain's innermost application frame ({@link ApplicationFrames}): the call site. */
    SITE("site", false),
    OWNER_THREAD("owner-thread", true),
    OWNER_METHOD("owner-method", true),
    OWNER_CHAIN("owner-chain", true),
    /** The owner chain's innermost application frame ({@link ApplicationFrames}): the owner's call site. */
    OWNER_SITE("owner-site", true),
    /** What the owner was doing while it held the lock: running, blocked, waiting, parked, vm-pause. */
    OWNER_STATE("owner-state", true),
    /**
     * Transitive blame: where the owner was itself blocked on another lock, the owner of that lock then,
     * and so on to an owner that was not blocked ({@code <deadlock cycle>} when the path returns to a
     * thread on it).
     */
    ROOT_OWNER_THREAD("root-owner-thread", true),
    ROOT_OWNER_METHOD("root-owner-method", true),
    ROOT_OWNER_CHAIN("root-owner-chain", true);

    /**
     * Group keys: monitors (of platform threads, of virtual threads), park-based locks (of virtual
     * threads that pinned their carrier apart), and waits for a resource that another thread hands over
     * or gives back (a pool's item, a queue's element, a permit, a future's result), whose owners are the
     * threads that held the resource meanwhile, or else the thread whose unpark woke a waiter.
     */
    public static final String GROUP_INTRINSIC = "intrinsic", GROUP_PARK = "park", GROUP_VIRTUAL = "virtual-thread",
            GROUP_PINNED = "pinned-virtual-thread", GROUP_RESOURCE = "resource";

    private final String displayName;
    private final boolean ownerSide;

    Aspect(String displayName, boolean ownerSide) {
        this.displayName = displayName;
        this.ownerSide = ownerSide;
    }

    public String displayName() {
        return displayName;
    }

    /** Its keys come from the owners' own events (the engine's owner-state join, off unless asked for). */
    public boolean needsOwnerStates() {
        return this == OWNER_STATE || this == ROOT_OWNER_THREAD || this == ROOT_OWNER_METHOD || this == ROOT_OWNER_CHAIN;
    }

    /**
     * Its keys follow blocked owners to the owner they waited for (transitively): the owner-state join
     * must keep the blocked intervals' owner parts, which costs memory on barging locks; owner-state alone
     * needs only the intervals.
     */
    public boolean needsRootOwners() {
        return this == ROOT_OWNER_THREAD || this == ROOT_OWNER_METHOD || this == ROOT_OWNER_CHAIN;
    }

    /** Keys owner parts rather than the whole contention. */
    public boolean ownerSide() {
        return ownerSide;
    }

    /** Names what-if sections (lockstat whatif): an owner-side aspect, lock or lock-class. */
    public boolean namesSections() {
        return ownerSide && !needsOwnerStates() || this == LOCK || this == LOCK_CLASS;
    }

    public static Aspect byName(String name) {
        for (Aspect a : values()) {
            if (a.displayName.equals(name.trim().toLowerCase(Locale.ROOT))) {
                return a;
            }
        }
        return null;
    }

    /**
     * Parses "a,b,c"; throws IllegalArgumentException naming the bad aspect, the closest valid one when
     * it looks like a typo of it ({@link #closest}), and the valid ones.
     */
    public static List<Aspect> parseList(String list) {
        List<Aspect> aspects = new ArrayList<>();
        for (String s : list.split(",", -1)) {
            Aspect a = byName(s);
            if (a == null) {
                Aspect near = closest(s);
                throw new IllegalArgumentException("unknown aspect \"" + s.trim() + "\""
                        + (near == null ? "" : "; did you mean " + near.displayName + "?") + " (aspects: " + names() + ")");
            }
            if (aspects.contains(a)) {
                throw new IllegalArgumentException("aspect " + a.displayName + " given twice");
            }
            aspects.add(a);
        }
        return aspects;
    }

    /**
     * The aspect whose name is nearest to this unknown one by edit distance (insertions, deletions,
     * substitutions and swaps of two neighbours, each one edit), or null when even the nearest needs
     * more edits than a third of its name: "owner-metod" is owner-method, "colour" is nothing. Ties go to
     * the first in the order of {@link #values()}.
     */
    public static Aspect closest(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        Aspect best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Aspect a : values()) {
            int d = editDistance(n, a.displayName);
            if (d < bestDistance) {
                best = a;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= Math.max(1, best.displayName.length() / 3) ? best : null;
    }

    /** Optimal string alignment distance (Damerau-Levenshtein without edits of an edited substring). */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    public static String names() {
        StringBuilder sb = new StringBuilder();
        for (Aspect a : values()) {
            sb.append(sb.isEmpty() ? "" : ", ").append(a.displayName);
        }
        return sb.toString();
    }
}
