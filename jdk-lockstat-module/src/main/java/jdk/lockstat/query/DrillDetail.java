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

import java.util.List;

import jdk.lockstat.internal.model.Unknown;

/**
 * What lies under one drill-down node: its blocked and owner call chains, locks, blocked and owner
 * threads, what the owners were doing (owner states, "blocked on" naming the lock) and the root owners'
 * chains (transitive blame), each with the nanoseconds it accounts for, largest first.
 */
public record DrillDetail(long nanos, long count, List<Entry> chains, List<Entry> ownerChains, List<Entry> locks,
                          List<Entry> threads, List<Entry> ownerThreads, List<Entry> ownerStates,
                          List<Entry> rootOwnerChains) {
    /** key: a ChainRef, LockRef, ThreadRef, OwnerState, a "blocked on" text or {@link Unknown}. */
    public record Entry(Object key, long nanos, long count) {}
}
