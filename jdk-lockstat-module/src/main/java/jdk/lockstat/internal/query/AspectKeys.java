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

package jdk.lockstat.internal.query;

import java.util.List;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.MethodRef;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.Unknown;
import jdk.lockstat.query.ApplicationFrames;
import jdk.lockstat.query.Aspect;

/**
 * The key an {@link Aspect} gives a contention or an owner part: the metadata objects themselves (names
 * render when shown, chains by the frame rule of {@link jdk.lockstat.query.CallChain#keyText}), or
 * {@link Unknown}. Every consumer keys through here (the report's trees, the online summary, the
 * viewer's cube, pprof, what-if), so that one aspect means one thing everywhere; the public
 * {@code Aspect} only names the aspects.
 */
public final class AspectKeys {
    private AspectKeys() {}

    /**
     * The key of a whole contention (blocked-side aspects). allFrames: {@code method} is the innermost
     * frame's even when it belongs to the locking mechanism (see {@link jdk.lockstat.query.CallChain}).
     */
    public static Object key(Aspect a, Contention c, boolean allFrames) {
        return switch (a) {
            case GROUP -> switch (c.kind()) {
                case RESOURCE -> Aspect.GROUP_RESOURCE;
                case PINNED_PARK -> Aspect.GROUP_PINNED;
                case PARK -> Aspect.GROUP_PARK;
                case INTRINSIC -> c.thread() != null && c.thread().isVirtual() ? Aspect.GROUP_VIRTUAL : Aspect.GROUP_INTRINSIC;
            };
            case LOCK_CLASS -> c.lock() != null && c.lock().lockClass() != null ? c.lock().lockClass() : Unknown.LOCK;
            case LOCK -> c.lock() != null ? c.lock() : Unknown.LOCK;
            case THREAD -> c.thread() != null ? c.thread() : Unknown.THREAD;
            case METHOD -> method(c.chain(), allFrames);
            case CHAIN -> c.chain() != null ? c.chain() : Unknown.CHAIN;
            case SITE -> site(c.chain());
            default -> throw new IllegalStateException(a.displayName() + " keys owner parts");
        };
    }

    /** The key of one owner part (owner-side aspects); allFrames as for {@link #key(Aspect, Contention, boolean)}. */
    public static Object key(Aspect a, OwnerPart p, boolean allFrames) {
        if (p.owner() == null) {
            return p.unownedKey();
        }
        return switch (a) {
            case OWNER_THREAD -> p.owner();
            case OWNER_METHOD -> method(p.chain(), allFrames);
            case OWNER_CHAIN -> p.chain() != null ? p.chain() : Unknown.CHAIN;
            case OWNER_SITE -> site(p.chain());
            case OWNER_STATE -> p.state();
            case ROOT_OWNER_THREAD -> p.rootOwner() != null ? p.rootOwner() : p.rootUnowned();
            case ROOT_OWNER_METHOD -> p.rootOwner() != null ? method(p.rootChain(), allFrames) : p.rootUnowned();
            case ROOT_OWNER_CHAIN -> p.rootOwner() == null ? p.rootUnowned()
                    : p.rootChain() != null ? p.rootChain() : Unknown.CHAIN;
            default -> throw new IllegalStateException(a.displayName() + " keys whole contentions");
        };
    }

    /**
     * The key of a hold of lock shown by the owner part p, for an aspect that {@link Aspect#namesSections()}:
     * the owner part's key, or the lock's (or its class's).
     */
    public static Object holdKey(Aspect a, LockRef lock, OwnerPart p, boolean allFrames) {
        return switch (a) {
            case LOCK -> lock;
            case LOCK_CLASS -> lock.lockClass() != null ? lock.lockClass() : Unknown.LOCK;
            default -> {
                if (!a.namesSections()) {
                    throw new IllegalStateException(a.displayName() + " does not name a section");
                }
                yield key(a, p, allFrames);
            }
        };
    }

    private static Object method(ChainRef chain, boolean allFrames) {
        MethodRef m = chain == null ? null : chain.topMethod(allFrames);
        return m != null ? m : Unknown.METHOD;
    }

    /**
     * The site of a chain ({@link ApplicationFrames}): its innermost application frame past the locking
     * mechanism's frames, as a key (method and line; two bytecodes of one line are one site),
     * {@link Unknown#SITE} where no frame is the application's, {@link Unknown#CHAIN} where the chain is unknown.
     */
    static Object site(ChainRef chain) {
        List<Frame> frames = chain == null ? null : chain.frames(false);
        if (frames == null) {
            return Unknown.CHAIN;
        }
        for (Frame f : frames) {
            if (f.method() != null && f.method().declaringClass() != null
                    && ApplicationFrames.isApplication(f.method().declaringClass().name())) {
                return f.bci() == -1 ? f : new Frame(f.method(), -1, f.line(), f.nativeFrame());
            }
        }
        return Unknown.SITE;
    }
}
