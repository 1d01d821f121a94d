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

import jdk.lockstat.query.Aspect;

/** Named aspect orders for the drill-down: the questions users ask first, plus the report's default. */
enum Presets {
    DEFAULT("lock class > owner chain (the report's default)", Aspect.LOCK_CLASS, Aspect.OWNER_CHAIN),
    WHO_BLOCKS_ME("who blocks me: chain > owner chain", Aspect.CHAIN, Aspect.OWNER_CHAIN),
    WHAT_DO_OWNERS_DO("what do owners do: owner method > owner chain", Aspect.OWNER_METHOD, Aspect.OWNER_CHAIN),
    PER_LOCK("per lock: lock class > lock > owner method", Aspect.LOCK_CLASS, Aspect.LOCK, Aspect.OWNER_METHOD),
    BY_THREAD("by thread: thread > owner thread", Aspect.THREAD, Aspect.OWNER_THREAD),
    ROOT_CAUSE("root cause: root owner method > owner method > owner state", Aspect.ROOT_OWNER_METHOD, Aspect.OWNER_METHOD,
            Aspect.OWNER_STATE);

    final String label;
    final List<Aspect> aspects;

    Presets(String label, Aspect... aspects) {
        this.label = label;
        this.aspects = List.of(aspects);
    }

    @Override
    public String toString() {
        return label;
    }
}
