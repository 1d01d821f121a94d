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

void LockStatJavaSwitches::resolve(JavaThread* current) {
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
}
