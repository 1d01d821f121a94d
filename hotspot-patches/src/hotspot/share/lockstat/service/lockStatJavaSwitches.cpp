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

#include "classfile/symbolTable.hpp"
#include "classfile/systemDictionary.hpp"
#include "classfile/vmSymbols.hpp"
#include "lockstat/service/lockStatJavaSwitches.hpp"
#include "oops/instanceKlass.inline.hpp"
#include "oops/oop.inline.hpp"
#include "runtime/atomic.hpp"
#include "runtime/fieldDescriptor.inline.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/javaThread.hpp"

struct LockStatJavaSwitch {
  const char* class_name;
  InstanceKlass* klass;   // boot classes: never unloaded
  int offset;             // of the static field LOCKSTAT in the class's mirror; -1: not found yet
};

static LockStatJavaSwitch switches[] = {
  { "java/lang/VirtualThread", nullptr, -1 },
  { "java/util/concurrent/locks/LockSupport", nullptr, -1 },
};

// LockSupport.LOCKSTAT_SAMPLED_PARKS: the class, then the field's offset in its mirror (-1: the class
// not loaded yet; -2: a java.base without the field), published in that order, since a parking thread
// may find it while another reads it.
static InstanceKlass* volatile sampled_parks_klass = nullptr;
static volatile int sampled_parks_offset = -1;

static void resolve_sampled_parks(JavaThread* current) {
  TempNewSymbol name = SymbolTable::new_symbol("java/util/concurrent/locks/LockSupport");
  TempNewSymbol field = SymbolTable::new_symbol("LOCKSTAT_SAMPLED_PARKS");
  InstanceKlass* ik = SystemDictionary::find_instance_klass(current, name, Handle());
  fieldDescriptor fd;
  if (ik == nullptr) {
    return;
  }
  if (ik->find_local_field(field, vmSymbols::int_signature(), &fd) && fd.is_static()) {
    Atomic::store(&sampled_parks_klass, ik);
    Atomic::release_store(&sampled_parks_offset, fd.offset());
  } else {
    Atomic::release_store(&sampled_parks_offset, -2);
  }
}

// The count's address in LockSupport's mirror, or null before the class is initialized. The caller
// reaches no safepoint while it uses it.
static volatile jint* sampled_parks_count() {
  int offset = Atomic::load_acquire(&sampled_parks_offset);
  if (offset < 0) {
    return nullptr;
  }
  InstanceKlass* ik = Atomic::load(&sampled_parks_klass);
  return ik->is_initialized() ? ik->java_mirror()->field_addr<jint>(offset) : nullptr;
}

void LockStatJavaSwitches::sampled_park_opened(JavaThread* current) {
  if (Atomic::load_acquire(&sampled_parks_offset) == -1) {
    resolve_sampled_parks(current);   // LockSupport loaded since the start: a lookup until found
  }
  volatile jint* count = sampled_parks_count();
  if (count == nullptr) {
    return;
  }
  jint v = Atomic::load(count);
  for (jint seen; (seen = Atomic::cmpxchg(count, v, MAX2(v, (jint)0) + 1)) != v; v = seen) {}
}

void LockStatJavaSwitches::sampled_park_closed() {
  volatile jint* count = sampled_parks_count();
  if (count == nullptr) {
    return;
  }
  // Above 0 only: a park recorded before the count was known (or an earlier trace's) ends uncounted.
  for (jint v = Atomic::load(count), seen; v > 0 && (seen = Atomic::cmpxchg(count, v, v - 1)) != v; v = seen) {}
}

void LockStatJavaSwitches::resolve(JavaThread* current) {
  if (Atomic::load_acquire(&sampled_parks_offset) == -1) {
    resolve_sampled_parks(current);
  }
  TempNewSymbol field = SymbolTable::new_symbol("LOCKSTAT");
  for (LockStatJavaSwitch& s : switches) {
    if (s.offset >= 0) {
      continue;
    }
    TempNewSymbol name = SymbolTable::new_symbol(s.class_name);
    InstanceKlass* ik = SystemDictionary::find_instance_klass(current, name, Handle());
    fieldDescriptor fd;
    if (ik != nullptr && ik->find_local_field(field, vmSymbols::bool_signature(), &fd) && fd.is_static()) {
      s.klass = ik;
      s.offset = fd.offset();
    }
  }
}

void LockStatJavaSwitches::set_at_safepoint(bool on) {
  for (const LockStatJavaSwitch& s : switches) {
    if (s.offset >= 0 && s.klass->is_initialized()) {
      s.klass->java_mirror()->bool_field_put(s.offset, on ? JNI_TRUE : JNI_FALSE);
    }
  }
  volatile jint* count = sampled_parks_count();
  if (count != nullptr) {
    Atomic::store(count, (jint)-1);   // a new trace counts its own recorded parks
  }
}
