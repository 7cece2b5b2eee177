// Offers the site's two read tools to the browser's agent through WebMCP, where the browser has
// it (document.modelContext, or navigator.modelContext in older Chromium). Elsewhere it does
// nothing and logs nothing. Each tool calls the public REST API of this site.
(function registerReviewTools() {
  'use strict';
  var modelContext = document.modelContext || navigator.modelContext;
  if (!modelContext || typeof modelContext.registerTool !== 'function') return;

  // Replaced by the server with the definitions generated from the API's own schemas.
  var TOOLS = __WEBMCP_TOOLS__;

  function apiUrl(path, input, names) {
    var url = new URL(path, location.origin);
    names.forEach(function (name) {
      var value = input[name];
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    });
    return url;
  }

  var REQUESTS = {
    search_tools: function (input) {
      // A list (facets) goes as one comma-separated parameter, as the API reads it.
      return apiUrl('/api/v1/tools', input, [
        'q',
        'category',
        'limit',
        'cursor',
        'facets',
        'highlight',
      ]);
    },
    get_tool: function (input) {
      var id = typeof input.id === 'string' ? input.id : '';
      return apiUrl('/api/v1/tools/' + encodeURIComponent(id), input, ['limit', 'cursor']);
    },
  };

  async function callApi(url) {
    var response = await fetch(url, { headers: { Accept: 'application/json' } });
    var body = await response.json();
    if (!response.ok) {
      throw new Error(
        body && typeof body.error === 'string' ? body.error : 'HTTP ' + response.status,
      );
    }
    return body;
  }

  TOOLS.forEach(function (tool) {
    var request = REQUESTS[tool.name];
    if (!request) return;
    try {
      var registered = modelContext.registerTool(
        Object.assign({}, tool, {
          execute: function (input) {
            return callApi(request(input || {}));
          },
        }),
      );
      // A browser that refuses a tool leaves the page working as it is.
      if (registered && typeof registered.catch === 'function') registered.catch(function () {});
    } catch (refused) {
      void refused;
    }
  });
})();
