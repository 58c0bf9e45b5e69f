/// <reference lib="dom" />
// A minimal MCP Apps host page for the browser test: an iframe holding the app resource, bridged
// with @modelcontextprotocol/ext-apps' AppBridge; sends the tool's input, then its result.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

type Obj = Record<string, unknown>;

async function startHost(html: string, args: Obj, result: Obj): Promise<void> {
  const iframe = document.createElement("iframe");
  iframe.style.width = "820px";
  iframe.style.height = "3000px";
  iframe.srcdoc = html;
  document.body.append(iframe);
  const bridge = new AppBridge(null, { name: "fin-skills-test-host", version: "1" }, {});
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: args }).then(() => bridge.sendToolResult(result as never));
  };
  const view = iframe.contentWindow!;
  await bridge.connect(new PostMessageTransport(view, view));
}

(window as unknown as { startHost: typeof startHost }).startHost = startHost;
