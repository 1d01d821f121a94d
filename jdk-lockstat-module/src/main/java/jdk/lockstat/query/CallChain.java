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

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Frame;

/**
 * A call chain as a front end shows it: its frames as text, innermost first, and how many of the
 * innermost ones belong to the locking mechanism itself (LockSupport, AbstractQueuedSynchronizer,
 * ReentrantLock, ...) rather than to the application. Keys of {@link DrillNode}s and
 * {@link DrillDetail.Entry entries} that are call chains read this way.
 */
public record CallChain(List<String> frames, int mechanismFrames) {
    public CallChain {
        frames = List.copyOf(frames);
    }

    /**
     * The call chain a key stands for, or null when the key is no call chain or its frames are not known
     * (an unknown chain, or one whose metadata never arrived).
     */
    public static CallChain of(Object key) {
        if (!(key instanceof ChainRef c) || c.frames() == null || c.frames().isEmpty()) {
            return null;
        }
        List<String> texts = new ArrayList<>(c.frames().size());
        for (Frame f : c.frames()) {
            texts.add(String.valueOf(f));
        }
        return new CallChain(texts, c.mechanismFrames());
    }
}
