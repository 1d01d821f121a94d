/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

#include "classfile/javaClasses.inline.hpp"
#include "lockstat/events/lockStatEventContext.hpp"
#include "lockstat/events/lockStatEventTypes.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"
#include "lockstat/storage/lockStatThreadLocal.hpp"
#include "memory/resourceArea.hpp"
#include "oops/oop.inline.hpp"
#include "runtime/javaThread.hpp"

static const size_t context_event_size = 4 * LockStatEventWriter::max_varint_size;
STATIC_ASSERT(context_event_size >= lockstat_vthread_mount_max_size);
static const size_t max_vthread_name = 256;   // longer names are cut

// A virtual thread has no start hook that is cheap enough (JVMTI's mount notifications would send
// every mount into the VM), so its THREAD_START is written the first time one of its events is,
// into the carrier's buffer. Readers keep the first THREAD_START of a thread.
static LockStatBuffer* announce_virtual_thread(JavaThread* jt, LockStatThreadLocal* tl, jlong vtid, size_t event_size,
                                               jlong now) {
  ResourceMark rm;
  oop vthread = jt->vthread();
  const char* name = "";
  u1 flags = LOCKSTAT_THREAD_VIRTUAL;
  if (vthread != nullptr && java_lang_Thread::thread_id(vthread) == vtid) {
    oop name_oop = java_lang_Thread::name(vthread);
    name = name_oop != nullptr ? java_lang_String::as_utf8_string(name_oop) : "";
    if (java_lang_Thread::is_daemon(vthread)) {
      flags |= LOCKSTAT_THREAD_DAEMON;
    }
  }
  size_t name_len = MIN2(strlen(name), max_vthread_name);
  LockStatBuffer* b = tl->buffer_for(event_size + 2 * context_event_size + name_len);
  if (b == nullptr) {
    return nullptr;
  }
  LockStatEventWriter w(b);
  lockstat_write_thread_start(w, now, (julong)vtid, flags, name, name_len);
  w.commit();
  return b;
}

// The calling thread's buffer, with room for one event, in the context of the Java thread that is
// running (a mounted virtual thread's id differs from the carrier's: a VTHREAD_MOUNT event switches
// the buffer's context, so events are recorded under the virtual thread's identity).
LockStatBuffer* LockStatEventContext::buffer(JavaThread* jt, LockStatThreadLocal* tl, size_t event_size, jlong now) {
  LockStatBuffer* b = tl->buffer_for(event_size + context_event_size);
  if (b == nullptr) {
    return nullptr;
  }
  jlong context = jt->monitor_owner_id();
  if (context != tl->context_tid()) {
    if (context != tl->tid() && tl->announce(context)) {
      b = announce_virtual_thread(jt, tl, context, event_size, now);
      if (b == nullptr) {
        return nullptr;
      }
    }
    LockStatEventWriter w(b);
    if (context == tl->tid()) {
      lockstat_write_vthread_unmount(w, now, (julong)tl->context_tid());
    } else {
      lockstat_write_vthread_mount(w, now, (julong)context, (julong)tl->tid());
    }
    w.commit();
    tl->set_context_tid(context);
  }
  return b;
}

