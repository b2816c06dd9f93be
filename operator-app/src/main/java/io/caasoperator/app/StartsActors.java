package io.caasoperator.app;

/**
 * A command that starts an actor system (the operator, or a journal reader or writer): logging is
 * configured on the main thread before it runs ({@link
 * io.caasoperator.app.logging.LogSetup#apply}), where other commands leave it until something logs.
 */
interface StartsActors {}
