package io.caasoperator.app.juju;

import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code show-task} and {@code show-operation}: one ID and how long to wait for what it names,
 * checked in the order Juju's two commands check them (the format, the wait, then the ID); an
 * operation is one task here, with the same number.
 */
abstract class ShowResultCommand extends ModelCommand {

  /** What the ID names, in Juju's messages: {@code task}, {@code operation}. */
  private final String kind;

  @Parameters(arity = "0..1", paramLabel = "ID")
  String id;

  @Mixin ResultWait waiting;

  ShowResultCommand(String kind) {
    this.kind = kind;
  }

  /** The {@code --format} asked for, checked. */
  abstract String chosenFormat();

  /** The result of {@code id} in the {@code chosen} format, waited for up to {@code limit}. */
  abstract String shown(OperatorTasks tasks, long id, Duration limit, String chosen);

  @Override
  final int run(JujuContext context) {
    String chosen = chosenFormat();
    Duration limit = waiting.limit();
    if (id == null) throw JujuFailure.usage("no " + kind + " ID specified");
    // juju/names IsValidOperation, IsValidAction: a decimal number
    if (!id.matches("[0-9]{1,18}")) throw JujuFailure.usage(kind + " ID \"" + id + "\" not valid");
    ModelDirectory directory = model.directory(context);
    context
        .out()
        .print(shown(new OperatorTasks(context, directory), Long.parseLong(id), limit, chosen));
    return 0;
  }
}
