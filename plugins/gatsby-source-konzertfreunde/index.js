// Gatsby loads this plugin through gatsby-node.ts; a local plugin still needs a main entry.
