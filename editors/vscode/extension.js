// Starts `ludex lsp` (or the command in the `ludex.server.command` setting) for .ludex files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("ludex").get("server.command");
  client = new LanguageClient("ludex", "Ludex", { command, args },
    { documentSelector: [{ scheme: "file", language: "ludex" }] });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
