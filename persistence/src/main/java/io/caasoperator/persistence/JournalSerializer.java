package io.caasoperator.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.NotSerializableException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.serialization.SerializerWithStringManifest;

/**
 * Writes journal events and snapshots as JSON, with their {@link StableName} as manifest, so the
 * journal is readable by people and survives class renames. Bound to {@link JournalEvent} in {@code
 * application.conf}.
 */
public final class JournalSerializer extends SerializerWithStringManifest {
  /** Pekko serializer ids below 40 are reserved; this one is ours forever. */
  public static final int IDENTIFIER = 7301;

  private final ObjectMapper mapper = JournalJson.mapper();
  private final Map<String, Class<?>> byName = new HashMap<>();
  private final Map<Class<?>, String> byClass = new HashMap<>();

  public JournalSerializer(ExtendedActorSystem system) {
    this();
  }

  public JournalSerializer() {
    for (Class<?> type : JournalTypes.all()) {
      String name = type.getAnnotation(StableName.class).value();
      byClass.put(type, name);
      read(name, type);
    }
    JournalTypes.GROWN.forEach(this::read);
  }

  private void read(String name, Class<?> type) {
    if (byName.put(name, type) != null) {
      throw new IllegalStateException("two journal types share the stable name " + name);
    }
  }

  @Override
  public int identifier() {
    return IDENTIFIER;
  }

  @Override
  public String manifest(Object o) {
    String name = byClass.get(o.getClass());
    if (name == null)
      throw new IllegalArgumentException("not a journal type: " + o.getClass().getName());
    return name;
  }

  @Override
  public byte[] toBinary(Object o) {
    try {
      return mapper.writeValueAsBytes(o);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "cannot write " + o.getClass().getSimpleName() + " as JSON", e);
    }
  }

  @Override
  public Object fromBinary(byte[] bytes, String manifest) throws NotSerializableException {
    Class<?> type = byName.get(manifest);
    if (type == null)
      throw new NotSerializableException("unknown journal type \"" + manifest + "\"");
    try {
      // an old snapshot shape is read as it was written, then moved to the current shape
      Object read = mapper.readValue(bytes, type);
      return read instanceof OldSnapshot old ? old.toCurrent() : read;
    } catch (IOException e) {
      NotSerializableException failure =
          new NotSerializableException("cannot read " + manifest + ": " + e.getMessage());
      failure.initCause(e);
      throw failure;
    }
  }

  /**
   * Stable name → class of every journal type, for tools that read the journal; an earlier snapshot
   * name today's type reads as it is ({@link JournalTypes#GROWN}) maps to that type.
   */
  public Map<String, Class<?>> types() {
    return Map.copyOf(byName);
  }

  /** Every concrete event and snapshot type. */
  static final class JournalTypes {
    /**
     * The earlier snapshot names whose JSON today's type reads as it was written: their later
     * versions only added components, which Jackson leaves null and the record's compact
     * constructor gives their empty value. A shape that changed has a reader of its own ({@link
     * UnitStateV1}).
     */
    static final Map<String, Class<?>> GROWN =
        Map.of(
            "snapshot.UnitState.v2", UnitState.class, // grouped, before actions and storage
            "snapshot.UnitState.v3", UnitState.class, // before relations
            "snapshot.OperatorState.v1", OperatorState.class, // before action ids, the model's id
            "snapshot.OperatorState.v2", OperatorState.class); // before relations

    static List<Class<?>> all() {
      java.util.ArrayList<Class<?>> types = new java.util.ArrayList<>();
      types.addAll(concrete(UnitEvent.class));
      types.addAll(concrete(OperatorEvent.class));
      types.addAll(concrete(WorkloadEvent.class));
      types.add(WorkloadState.class);
      types.addAll(concrete(io.caasoperator.persistence.secret.SecretEvent.class));
      types.addAll(concrete(ModelEvent.class));
      types.add(UnitState.class);
      types.add(UnitStateV1.class); // read only: see fromBinary
      types.add(OperatorState.class);
      return types;
    }

    /**
     * The records of a sealed event type, through its sealed sub-interfaces (such as {@code
     * RelationChange}).
     */
    private static List<Class<?>> concrete(Class<?> sealed) {
      java.util.ArrayList<Class<?>> records = new java.util.ArrayList<>();
      for (Class<?> sub : sealed.getPermittedSubclasses()) {
        if (sub.isSealed()) records.addAll(concrete(sub));
        else records.add(sub);
      }
      return records;
    }
  }
}
