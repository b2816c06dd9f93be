package io.caasoperator.persistence;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The journal name of an event or snapshot type, e.g. {@code unit.HookStarted.v1}. Never change a
 * published name: add a new type (and a migration) instead.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface StableName {
  String value();
}
